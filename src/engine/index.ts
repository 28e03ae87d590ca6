/**
 * The engine facade's shared surface, for both Node and the browser. Load the engine with
 * `loadEngine` from `./load-node.ts` (Node) or `./load-browser.ts` (browser); they are
 * kept out of this index so Node never sees the browser's `?url` import.
 */
export { Engine, createEngine, ABI_VERSION } from './engine.ts';
export { EngineError, ErrorCode } from './errors.ts';
export { compileDisplayList, compileMeasureRequest, compileSymbolSpec, mmToUm, DISPLAY_LIST_VERSION, Opcode } from './display-list.ts';
export { BARCODE_TYPES, SYMBOLOGIES } from './symbologies.ts';
export { pageToPbm } from './pbm.ts';
export { pageToSvg } from './svg.ts';
export type * from './types.ts';
