/** The state of a key press a command reads. */
export interface KeyPress {
  readonly key: string;
  /** Ctrl, or Cmd on a Mac. */
  readonly ctrl: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
}

/** What a key runs; false when it did nothing with the key (the browser's default then applies). */
export type KeyCommand = (press: KeyPress) => boolean | void;

/**
 * Which key runs which command, declared rather than switched: `on` binds a key by its `KeyboardEvent.key` whatever
 * the modifiers (the command reads them), `onCtrl` a letter with Ctrl or Cmd held, `otherwise` a printable
 * character typed without Ctrl or Alt.
 */
export class Keymap {
  private readonly keys = new Map<string, KeyCommand>();
  private readonly ctrlKeys = new Map<string, KeyCommand>();
  private typed: KeyCommand | null = null;

  on(keys: string | readonly string[], command: KeyCommand): this {
    for (const key of typeof keys === 'string' ? [keys] : keys) this.keys.set(key, command);
    return this;
  }

  onCtrl(letter: string, command: KeyCommand): this {
    this.ctrlKeys.set(letter.toLowerCase(), command);
    return this;
  }

  otherwise(command: KeyCommand): this {
    this.typed = command;
    return this;
  }

  /** Runs the command of a key press; true when one handled it (the caller then prevents the default). */
  handle(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
    const press: KeyPress = { key: event.key, ctrl: event.ctrlKey || event.metaKey, shift: event.shiftKey, alt: event.altKey };
    const bound = this.keys.get(press.key);
    if (bound) return bound(press) !== false;
    if (press.ctrl) {
      const command = this.ctrlKeys.get(press.key.toLowerCase());
      return !!command && command(press) !== false;
    }
    if (this.typed && !press.alt && press.key.length === 1) return this.typed(press) !== false;
    return false;
  }
}
