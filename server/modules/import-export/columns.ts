/**
 * The columns of import and export files: the standard ones (IMPORT_COLUMNS, spec section 9)
 * with their headers in both languages, then one per custom attribute, headed by its name. A
 * header is read back in either language, as the field key, or without its bracketed unit
 * ("购买价格" for "购买价格(元)"); case, spaces and full-width forms do not matter. Anything
 * else must be an attribute name. The names and the lookup are the label's too
 * (src/label/asset-fields.ts, shared with the client): a label binds the same names.
 */
export {
  fieldHeaders as standardHeaders,
  foldFieldName as foldHeader,
  standardFieldOf as standardColumnOf,
} from '../../../src/label/asset-fields.ts';
