/** Logo control (spec section 3; tag `<Logo>`): a picture in its original colours. */
import { pictureFields, resolvePicture } from './picture.ts';
import { defineKind } from './kind.ts';

export const logoKind = defineKind({
  kind: 'logo',
  tag: 'Logo',
  tags: ['logo'],
  fields: pictureFields(0),
  pageInfoLevel: 0,
  serialDigits: 0,
  resolve: (el) => resolvePicture(el),
});
