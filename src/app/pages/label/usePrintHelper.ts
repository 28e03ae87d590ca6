/**
 * The print page's link to the local print helper (ours or the vendor's): find it on port
 * 15216 then 35216, list its printers, and the chosen printer's resolution (the helper's
 * answer, or the spec's name rule). Remembers the last printer in local settings (settings.printerId).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { findHelper, HelperClient, type FoundHelper, type HelperError, type HelperPrinter } from '../../../print/helper';
import { setPrinterId, settings } from '../../state/settings';

export type HelperStatus =
  | { state: 'searching' }
  | { state: 'missing'; error: HelperError }
  | { state: 'ready'; helper: FoundHelper; client: HelperClient };

export function usePrintHelper() {
  const [status, setStatus] = useState<HelperStatus>({ state: 'searching' });
  const [printers, setPrinters] = useState<HelperPrinter[]>([]);
  const [printersError, setPrintersError] = useState<HelperError | null>(null);
  const [printerName, setPrinterNameState] = useState<string | null>(() => settings.printerId);
  const [dpi, setDpi] = useState<number | null>(null);
  const search = useRef(0);

  const connect = useCallback(async () => {
    const id = ++search.current;
    setStatus({ state: 'searching' });
    const found = await findHelper();
    if (id !== search.current) return;
    if (!found.ok) {
      setStatus({ state: 'missing', error: found.error });
      setPrinters([]);
      return;
    }
    const client = new HelperClient(found.value.baseUrl, { version: found.value.version });
    setStatus({ state: 'ready', helper: found.value, client });
    const listed = await client.getPrinters();
    if (id !== search.current) return;
    if (!listed.ok) {
      setPrintersError(listed.error);
      setPrinters([]);
      return;
    }
    setPrintersError(null);
    setPrinters(listed.value);
    setPrinterNameState((name) => (name && listed.value.some((p) => p.name === name) ? name : (listed.value[0]?.name ?? null)));
  }, []);

  useEffect(() => {
    void connect();
    return () => {
      search.current++;
    };
  }, [connect]);

  // The chosen printer's resolution decides the pages' dpi: ask once per printer.
  useEffect(() => {
    setDpi(null);
    if (status.state !== 'ready' || !printerName) return;
    const printer = printers.find((p) => p.name === printerName);
    if (!printer) return;
    let live = true;
    void (async () => {
      const opened = await status.client.openPrinter(printer);
      const read = opened.ok ? await status.client.getPrinterDpi(printer.name) : null;
      if (!live) return;
      setDpi(read && read.ok ? read.value.dpi : printer.deviceDpi || 203);
    })();
    return () => {
      live = false;
    };
  }, [status, printerName, printers]);

  const setPrinterName = useCallback((name: string) => {
    setPrinterId(name);
    setPrinterNameState(name);
  }, []);

  return { status, printers, printersError, printerName, setPrinterName, dpi, retry: connect };
}
