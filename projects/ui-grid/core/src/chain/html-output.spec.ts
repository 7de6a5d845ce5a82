import { parseXml, serializeXml } from '../xml/dom';
import { domName } from '../../testing/fixtures';
import { sanitizeHtmlInto } from './html-output';

function target(): Element {
  const doc = (globalThis as { document?: Document }).document;
  return doc ? doc.createElement('div') : parseXml('<html><body><div/></body></html>').getElementsByTagName('div')[0];
}

describe(`sanitizeHtmlInto (${domName()})`, () => {
  it('drops scripts, event handlers and javascript: URLs and keeps the content', () => {
    const t = target();
    sanitizeHtmlInto(
      '<div class="r"><script>alert(1)</script><p onclick="alert(2)" title="t">Total <b>3</b></p>' +
        '<a href=" JaVaScRiPt:alert(3)">bad</a><a href="/orders?id=1">rel</a><img alt="i" src="data:text/html,x" onerror="alert(4)"/>' +
        '<style>*{}</style><iframe src="https://evil.test"></iframe><custom-el data-x="1">kept</custom-el></div>',
      t,
    );
    const out = serializeXml(t);
    expect(out).not.toMatch(/script|onclick|onerror|javascript|alert|iframe|style|data:text/i);
    expect(t.textContent).toBe('Total 3badrelkept');
    expect(out).toContain('href="/orders?id=1"');
    expect(out).toContain('title="t"');
  });

  it('keeps only the data attributes menus act on: data-hx-get, data-bs-toggle and the like, which page scripts act on, go', () => {
    const t = target();
    sanitizeHtmlInto('<div data-hx-get="/admin/delete" data-bs-toggle="modal" data-bs-target="#x" data-x="1" data-action="copy" data-bcd-action="deleteRow" aria-label="m">m</div>', t);
    const div = t.firstChild as Element;
    expect(Array.from(div.attributes).map((a) => a.name).sort()).toEqual(['aria-label', 'data-action', 'data-bcd-action']);
  });

  it('keeps the action attributes and buttons (as type="button") that menus act on, and drops style and data: URLs', () => {
    const t = target();
    sanitizeHtmlInto(
      '<div><ul><li data-bcd-action="deleteRow" style="position:fixed;inset:0">Delete</li></ul>' +
        '<button type="submit" formaction="https://evil.test" onclick="alert(1)" data-action="copy">Copy</button>' +
        '<a href="data:text/html,x" data-action="restore">Restore</a><img alt="i" src="data:image/svg+xml,x"/></div>',
      t,
    );
    const button = t.getElementsByTagName('button')[0];
    expect(button.getAttribute('data-action')).toBe('copy');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.textContent).toBe('Copy');
    expect(t.getElementsByTagName('li')[0].getAttribute('data-bcd-action')).toBe('deleteRow');
    expect(t.getElementsByTagName('a')[0].getAttribute('data-action')).toBe('restore');
    expect(serializeXml(t)).not.toMatch(/style|formaction|onclick|evil|data:/i);
  });

  it('makes no customized built-in element from an is attribute: its code does not run with the chain\'s attributes', () => {
    const registry = (globalThis as { customElements?: CustomElementRegistry }).customElements;
    const runs: (string | null)[] = [];
    if (registry && !registry.get('spec-upgraded-div')) {
      class SpecUpgradedDiv extends HTMLDivElement {
        connectedCallback(): void {
          runs.push(this.getAttribute('data-action'));
        }
      }
      registry.define('spec-upgraded-div', SpecUpgradedDiv, { extends: 'div' });
    }
    const t = target();
    (globalThis as { document?: Document }).document?.body.appendChild(t);
    sanitizeHtmlInto('<div is="spec-upgraded-div" data-action="from-chain" class="c">x<b>y</b></div>', t);
    const kept = t.firstChild as Element;
    expect(kept.localName).toBe('div');
    expect(kept.getAttribute('class')).toBe('c');
    expect(kept.getAttribute('data-action')).toBe('from-chain');
    expect(kept.textContent).toBe('xy');
    expect(serializeXml(t)).not.toContain('spec-upgraded-div');
    expect(runs).toEqual([]);
    if (registry) expect(kept.constructor).toBe(HTMLDivElement);
    (t as Element & { remove(): void }).remove?.();
  });

  it('keeps a CDATA section as text, so no markup in it becomes live when the target is serialized and parsed as HTML', () => {
    const t = target();
    sanitizeHtmlInto('<div>Total<![CDATA[</p><script>alert(1)</script>]]></div>', t);
    const out = serializeXml(t);
    expect(out).not.toContain('<script');
    expect(out).not.toContain('CDATA');
    expect(t.textContent).toContain('Total');
  });

  it('sanitizes output nested 20,000 deep without overflowing the stack', () => {
    const t = target();
    const depth = 20_000;
    sanitizeHtmlInto('<span>'.repeat(depth) + 'x<script>alert(1)</script>' + '</span>'.repeat(depth), t);
    expect(t.textContent).toBe('x');
    expect(serializeXml(t)).not.toContain('script');
  });

  it('replaces earlier content of the target', () => {
    const t = target();
    sanitizeHtmlInto('<p>one</p>', t);
    sanitizeHtmlInto('<p>two</p>', t);
    expect(t.textContent).toBe('two');
  });
});
