/** English texts of the label-template pages (/template/private, /template/public) and the editor's template tools; same keys as labelTemplate.zh-CN.ts. */
export const labelTemplateEn = {
  privateIntro: "Your company's label templates: open one to change it in the editor; saved, it serves everyone with the template right.",
  publicIntro: 'General asset-label templates every company sees. Open one and save it as a private copy to change it.',
  search: 'Search template names',
  searchLabel: 'Search templates by name',
  size: '{{width}} × {{height}} mm',
  updated: 'Updated {{time}}',
  version: 'Version {{version}}',
  noThumbnail: 'No preview',
  emptyPrivate: 'No private templates yet. Press "Save as template" in the label editor, or copy a general one.',
  emptyPublic: 'No general templates.',
  emptySearch: 'No template name contains "{{search}}".',
  loadFailed: 'The templates could not be loaded: {{reason}}',
  retry: 'Try again',
  open: 'Open',
  thumbnailAlt: 'Preview of {{name}}',
};
