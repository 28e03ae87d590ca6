/** 标签模板页 (/template/private, /template/public) 与编辑器中模板相关的文字；键与 labelTemplate.en.ts 相同。 */
export const labelTemplateZh = {
  privateIntro: '本公司的标签模板：打开即可在编辑器中修改，保存后所有有模板权限的同事都能使用。',
  publicIntro: '通用资产标签模板，所有公司可见。打开后可另存为私有模板再修改。',
  search: '搜索模板名称',
  searchLabel: '按名称搜索模板',
  size: '{{width}} × {{height}} mm',
  updated: '更新于 {{time}}',
  version: '版本 {{version}}',
  noThumbnail: '无预览',
  emptyPrivate: '还没有私有模板。在标签编辑器中点“存为模板”，或从通用模板复制一个。',
  emptyPublic: '没有通用模板。',
  emptySearch: '没有名称包含“{{search}}”的模板。',
  loadFailed: '模板列表加载失败：{{reason}}',
  retry: '重试',
  open: '打开',
  thumbnailAlt: '{{name}} 的预览',
};
