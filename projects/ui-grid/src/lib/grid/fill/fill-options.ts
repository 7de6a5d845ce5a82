/**
 * `hotArgs.fillHandle`, as in Handsontable: true (the default) or false, `'vertical'` or `'horizontal'` (the
 * directions the handle drags in), or `{ direction, autoInsertRow }` (`autoInsertRow`: a drag past the last row adds
 * rows; default true, false for horizontal only).
 */
export type FillHandleSetting = boolean | 'vertical' | 'horizontal' | { readonly direction?: 'vertical' | 'horizontal'; readonly autoInsertRow?: boolean };

/** What the fill handle may do, read from `FillHandleSetting`. */
export interface FillHandleOptions {
  readonly vertical: boolean;
  readonly horizontal: boolean;
  readonly autoInsertRow: boolean;
}

/** The handle's options, or null for no handle (`false`); a direction it does not know allows both. */
export function fillHandleOptions(setting: FillHandleSetting | undefined): FillHandleOptions | null {
  if (setting === false) return null;
  const detailed = typeof setting === 'object' && setting !== null ? setting : null;
  const direction = detailed ? detailed.direction : setting;
  const vertical = direction !== 'horizontal';
  const horizontal = direction !== 'vertical';
  return { vertical, horizontal, autoInsertRow: vertical && (detailed?.autoInsertRow ?? true) };
}
