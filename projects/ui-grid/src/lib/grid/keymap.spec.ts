import { KeyPress, Keymap } from './keymap';

function press(key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) {
  return { key, ctrlKey: !!mods.ctrl, metaKey: !!mods.meta, shiftKey: !!mods.shift, altKey: !!mods.alt };
}

describe('Keymap', () => {
  it('runs the command bound to a key whatever the modifiers, and hands them to it', () => {
    const seen: KeyPress[] = [];
    const keymap = new Keymap().on('ArrowUp', (p) => void seen.push(p));
    expect(keymap.handle(press('ArrowUp', { ctrl: true, shift: true }))).toBeTrue();
    expect(seen).toEqual([{ key: 'ArrowUp', ctrl: true, shift: true, alt: false }]);
  });

  it('binds several keys to one command, and a command returning false leaves the key unhandled', () => {
    let runs = 0;
    const keymap = new Keymap().on(['Delete', 'Backspace'], () => void runs++).on(' ', () => false);
    expect(keymap.handle(press('Delete'))).toBeTrue();
    expect(keymap.handle(press('Backspace'))).toBeTrue();
    expect(keymap.handle(press(' '))).toBeFalse();
    expect(runs).toBe(2);
  });

  it('runs a Ctrl letter with Ctrl or Cmd held, in either case, and no other Ctrl letter', () => {
    const letters: string[] = [];
    const keymap = new Keymap().onCtrl('z', (p) => void letters.push(`${p.key}${p.shift ? '+shift' : ''}`));
    expect(keymap.handle(press('z', { ctrl: true }))).toBeTrue();
    expect(keymap.handle(press('Z', { meta: true, shift: true }))).toBeTrue();
    expect(keymap.handle(press('v', { ctrl: true }))).toBeFalse();
    expect(keymap.handle(press('z'))).toBeFalse();
    expect(letters).toEqual(['z', 'Z+shift']);
  });

  it('hands a printable character typed without Ctrl or Alt to `otherwise`, never a named key', () => {
    const typed: string[] = [];
    const keymap = new Keymap().otherwise((p) => void typed.push(p.key));
    expect(keymap.handle(press('a'))).toBeTrue();
    expect(keymap.handle(press('a', { alt: true }))).toBeFalse();
    expect(keymap.handle(press('a', { ctrl: true }))).toBeFalse();
    expect(keymap.handle(press('F5'))).toBeFalse();
    expect(typed).toEqual(['a']);
  });

  it('prefers a key bound by name over `otherwise`', () => {
    const ran: string[] = [];
    const keymap = new Keymap().on(' ', () => void ran.push('space')).otherwise(() => void ran.push('typed'));
    keymap.handle(press(' '));
    expect(ran).toEqual(['space']);
  });
});
