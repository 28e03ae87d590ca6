import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { ListCount, ListFrame, type ListFrameProps } from './ListFrame';

initI18n('en');

/** The frame as HTML, with a table of `rows` row names as its body. */
function render(props: Partial<ListFrameProps>, rows: string[] = []) {
  return renderToStaticMarkup(
    <ListFrame title="Things" loading={false} error={null} empty={null} {...props}>
      <table>
        <tbody>
          {rows.map((r) => (
            <tr key={r}>
              <td>{r}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ListFrame>,
  );
}

const pager = { total: 0, pageIndex: 1, pageSize: 20 as const, onPageChange: () => {}, onPageSizeChange: () => {} };

describe('the list frame', () => {
  it('shows a spinner on the first load, marked busy, and neither empty state nor pager', () => {
    const html = render({ loading: true, empty: { text: 'Nothing yet', testId: 'things-empty' }, pager });
    expect(html).toContain('Loading…');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('Nothing yet');
    expect(html).not.toContain('data-testid="pager"');
  });

  it('shows a failure with a retry button, and no empty state under it', () => {
    const html = render({ error: 'Network error', errorTestId: 'things-error', onRetry: () => {}, empty: { text: 'Nothing yet' } });
    expect(html).toContain('data-testid="things-error"');
    expect(html).toContain('Network error');
    expect(html).toMatch(/data-testid="list-retry"[^>]*>Retry</);
    expect(html).not.toContain('Nothing yet');
  });

  it('names the retry as the page asks', () => {
    expect(render({ error: 'x', onRetry: () => {}, retryLabel: 'Load again' })).toContain('Load again');
  });

  it('shows the empty text and its call to action', () => {
    const html = render({ empty: { text: 'No things yet.', testId: 'things-empty', action: <button>New thing</button> }, pager });
    expect(html).toMatch(/data-testid="things-empty"[^>]*>No things yet\.</);
    expect(html).toContain('<button>New thing</button>');
    expect(html).toContain('role="status"');
    // Nothing to page through: no pager.
    expect(html).not.toContain('data-testid="pager"');
  });

  it('shows the rows and the pager with its total', () => {
    const html = render({ pager: { ...pager, total: 45 }, busy: true }, ['a', 'b']);
    expect(html).toContain('<td>a</td>');
    expect(html).toContain('data-testid="pager"');
    expect(html).toContain('Total: 45');
    expect(html).toContain('aria-busy="true"');
  });

  it('puts the title in a heading and the header actions and toolbar around the body', () => {
    const html = render({ title: 'Staff', actions: <button>Add</button>, toolbar: <input aria-label="Search" />, bodyTestId: 'things-box' });
    expect(html).toMatch(/<h2[^>]*>Staff<\/h2>/);
    const at = (s: string) => html.indexOf(s);
    expect(at('<button>Add</button>')).toBeLessThan(at('aria-label="Search"'));
    expect(at('aria-label="Search"')).toBeLessThan(at('data-testid="things-box"'));
  });

  it('shows the count beside the title only once there is an answer', () => {
    expect(renderToStaticMarkup(<ListCount testId="things-count" value={null} text="5 things" />)).toMatch(/data-testid="things-count" data-count=""[^>]*><\/span>/);
    expect(renderToStaticMarkup(<ListCount testId="things-count" value={5} text="5 things" />)).toMatch(/data-count="5"[^>]*>5 things</);
    expect(render({ count: <ListCount value={0} text="0 things" /> })).toContain('0 things');
  });
});
