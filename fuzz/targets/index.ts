import type { FuzzTarget, TargetName } from '../target.ts';
import { createEngineTarget } from './engine.ts';
import { createLabelXmlTarget } from './label-xml.ts';
import { createSpreadsheetTarget } from './spreadsheet.ts';

export function createTarget(name: TargetName, seed: number): FuzzTarget {
  switch (name) {
    case 'engine': return createEngineTarget(seed);
    case 'xml': return createLabelXmlTarget(seed);
    case 'sheet': return createSpreadsheetTarget(seed);
  }
}
