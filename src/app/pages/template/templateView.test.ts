import { describe, expect, it } from 'vitest';
import { templateThumbnailSrc } from '../../../api/template';
import { emptyMessageKey, formatBytes, formatMm, templateEditorPath, templateIdFromSearch } from './templateView';

describe('template view helpers', () => {
  it('shows mm with at most one decimal', () => {
    expect(formatMm(40)).toBe('40');
    expect(formatMm(40.5)).toBe('40.5');
    expect(formatMm(30.04)).toBe('30');
  });

  it('shows content sizes in B, KB and MB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024)).toBe('20 KB');
    expect(formatBytes(4 * 1024 * 1024)).toBe('4.0 MB');
  });

  it('picks the empty message by search and scope', () => {
    expect(emptyMessageKey('private', '')).toBe('labelTemplate.emptyPrivate');
    expect(emptyMessageKey('public', '  ')).toBe('labelTemplate.emptyPublic');
    expect(emptyMessageKey('public', 'qr')).toBe('labelTemplate.emptySearch');
  });

  it('leads to the editor and reads the id back', () => {
    expect(templateEditorPath(12)).toBe('/label/editor?template=12');
    expect(templateIdFromSearch('?template=12')).toBe(12);
    expect(templateIdFromSearch('?file=new')).toBeNull();
    expect(templateIdFromSearch('?template=0')).toBeNull();
    expect(templateIdFromSearch('?template=-3')).toBeNull();
    expect(templateIdFromSearch('?template=1.5')).toBeNull();
    expect(templateIdFromSearch('?template=99999999999')).toBeNull();
  });

  it('builds a thumbnail address with the file token and the version', () => {
    expect(templateThumbnailSrc('', '/api/Template/Thumbnail/7', 'a b', 3)).toBe('/api/Template/Thumbnail/7?fileToken=a%20b&v=3');
    expect(templateThumbnailSrc('https://t.example/', '/api/Template/Thumbnail/7', 'k', 1)).toBe('https://t.example/api/Template/Thumbnail/7?fileToken=k&v=1');
    expect(templateThumbnailSrc('', null, 'k', 1)).toBeNull();
    expect(templateThumbnailSrc('', '/api/Template/Thumbnail/7', null, 1)).toBeNull();
  });
});

describe('new template size and export name', () => {
  it('reads a label side in mm, refusing nothing, zero, negatives and too much', async () => {
    const { parseLabelMm } = await import('./templateView');
    expect(parseLabelMm('40')).toBe(40);
    expect(parseLabelMm(' 30,5 ')).toBe(30.5);
    expect(parseLabelMm('')).toBeNull();
    expect(parseLabelMm('0')).toBeNull();
    expect(parseLabelMm('-5')).toBeNull();
    expect(parseLabelMm('abc')).toBeNull();
    expect(parseLabelMm('2001')).toBeNull();
  });

  it('names the exported file after the template, safely', async () => {
    const { templateFileName } = await import('./templateView');
    expect(templateFileName('资产标签 40×30')).toBe('资产标签 40×30.wdfx');
    expect(templateFileName('a/b:c')).toBe('a_b_c.wdfx');
    expect(templateFileName('  ')).toBe('template.wdfx');
  });
});
