import { contextMenuChain, parseXml, NS } from 'ngx-wrs-grid/core';
import { GRID_MESSAGES_DE, GRID_MESSAGES_EN, I18N_PREFIX, formatMessage, translateCaption } from './grid-messages';
import { menuEntries, renderMenu } from './grid-context-menu';

describe('grid context menu', () => {
  it('reads the built-in cm:ContextMenu with captions from the message table and separators', () => {
    const entries = menuEntries(contextMenuChain(parseXml('<x/>'), {}), GRID_MESSAGES_DE);
    expect(entries.map((e) => e.caption)).toEqual(['Ausschneiden', 'Kopieren', 'Einfügen', 'Als neue Zeilen einfügen', 'Zeile darüber einfügen', 'Zeile darunter einfügen', 'Zeile duplizieren', 'Zeile löschen', 'Wiederherstellen', 'Zellen leeren', 'Reihe ausfüllen', 'Spalte ausblenden', 'Spalten zurücksetzen', 'Exportieren']);
    expect(entries.filter((e) => e.separatorBefore).map((e) => e.action)).toEqual(['insertRowAbove', 'hideColumn', 'export']);
  });

  it('translates custom entries by bcdTranslate or the i18n prefix, and renders captions as text', () => {
    const menu = parseXml(`<cm:ContextMenu xmlns:cm="${NS.cm}"><cm:Entry caption="x" bcdTranslate="save" data-bcd-action="a"/><cm:Entry caption="${I18N_PREFIX}reset" data-bcd-action="b"/><cm:Entry caption="&lt;img src=x onerror=alert(1)&gt;" data-bcd-action="c"/></cm:ContextMenu>`);
    const entries = menuEntries(menu, GRID_MESSAGES_EN);
    expect(entries.map((e) => e.caption)).toEqual(['Save', 'Reset', '<img src=x onerror=alert(1)>']);
    const el = renderMenu(document, entries, 'Menu', { isEnabled: (a) => a !== 'b', run: () => undefined, close: () => undefined });
    expect(el.querySelector('img')).toBeNull();
    expect(Array.from(el.querySelectorAll('[role=menuitem]')).map((i) => i.getAttribute('aria-disabled'))).toEqual([null, 'true', null]);
  });

  it('runs an entry by click or Enter, skipping disabled ones with the arrow keys', () => {
    const ran: string[] = [];
    let closed = 0;
    const entries = ['a', 'b', 'c'].map((action) => ({ action, caption: action, separatorBefore: false }));
    const el = renderMenu(document, entries, 'Menu', { isEnabled: (a) => a !== 'b', run: (a) => ran.push(a), close: () => closed++ });
    document.body.appendChild(el);
    const items = Array.from(el.querySelectorAll<HTMLElement>('[role=menuitem]'));
    items[0].focus();
    items[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(document.activeElement).toBe(items[2]);
    items[2].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    items[1].click();
    expect(ran).toEqual(['c']);
    expect(closed).toBe(1);
    el.remove();
  });
});

describe('grid messages', () => {
  it('looks up captions carrying the U+E0FF prefix, the key when missing, and leaves other captions alone', () => {
    expect(translateCaption(`${I18N_PREFIX}save`, GRID_MESSAGES_DE)).toBe('Speichern');
    expect(translateCaption(`${I18N_PREFIX}no.such.key`, GRID_MESSAGES_DE)).toBe('no.such.key');
    expect(translateCaption('save', GRID_MESSAGES_DE)).toBe('save');
    expect(formatMessage(GRID_MESSAGES_DE.pageOf, { page: 2, pages: 5 })).toBe('Seite 2 von 5');
  });
});
