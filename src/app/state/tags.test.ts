import { describe, expect, it } from 'vitest';
import { closeAllTags, closeOtherTags, closeTag, withVisited, type VisitedTag } from './tags';

const home: VisitedTag = { path: '/dashboard', titleKey: 'route.dashboard', affix: true };
const a: VisitedTag = { path: '/error/401', titleKey: 'route.unauthorized', affix: false };
const b: VisitedTag = { path: '/error/404', titleKey: 'route.notFound', affix: false };

describe('visited-page tags', () => {
  it('adds each page once, pinned ones first', () => {
    let list = withVisited([], a);
    list = withVisited(list, b);
    list = withVisited(list, a);
    list = withVisited(list, home);
    expect(list.map((t) => t.path)).toEqual(['/dashboard', '/error/401', '/error/404']);
  });

  it('closes a tag; closing the page on screen moves to the last tag left', () => {
    const list = [home, a, b];
    expect(closeTag(list, '/error/401', '/error/404')).toEqual({ visited: [home, b], navigateTo: null });
    expect(closeTag(list, '/error/404', '/error/404')).toEqual({ visited: [home, a], navigateTo: '/error/401' });
  });

  it('never closes the pinned dashboard', () => {
    expect(closeTag([home], '/dashboard', '/dashboard')).toEqual({ visited: [home], navigateTo: null });
    expect(closeAllTags([home, a, b], '/dashboard')).toEqual({ visited: [home], navigateTo: null });
  });

  it('closes all others and shows the kept one', () => {
    expect(closeOtherTags([home, a, b], '/error/401', '/error/404')).toEqual({ visited: [home, a], navigateTo: '/error/401' });
    expect(closeOtherTags([home, a, b], '/error/401', '/error/401')).toEqual({ visited: [home, a], navigateTo: null });
    expect(closeOtherTags([home, a, b], '/error/401', '/dashboard')).toEqual({ visited: [home, a], navigateTo: '/error/401' });
  });

  it('closes all and returns home', () => {
    expect(closeAllTags([home, a, b], '/error/404')).toEqual({ visited: [home], navigateTo: '/dashboard' });
  });
});
