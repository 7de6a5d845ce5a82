import { ApplicationRef, ComponentRef, DOCUMENT, EnvironmentInjector, Injectable, createComponent, inject } from '@angular/core';
import { WrsError } from 'ngx-wrs-grid/core';
import { GridComponent } from './grid.component';

/**
 * Spec 2.1's argument map: `targetHtml` (the element the grid mounts into, or its id, as the original's targetHtmlRef)
 * plus any input of `GridComponent`.
 */
export type GridArgs = { readonly targetHtml: Element | string } & Readonly<Record<string, unknown>>;

/**
 * Creates grids from code, keeping the spec's constructor form `new Grid(args)` for pages that build grids
 * imperatively: `inject(GridFactory).create({ targetHtml, inputModel })`.
 */
@Injectable({ providedIn: 'root' })
export class GridFactory {
  private readonly appRef = inject(ApplicationRef);
  private readonly injector = inject(EnvironmentInjector);
  private readonly document = inject(DOCUMENT);

  /**
   * Mounts a grid into `args.targetHtml` with the other args as inputs; `destroy()` on the returned ref removes it.
   * A missing or unknown `targetHtml` is INVALID_ARGUMENT.
   */
  create(args: GridArgs): ComponentRef<GridComponent> {
    const { targetHtml: targetRef, ...inputs } = args ?? {};
    const targetHtml = typeof targetRef === 'string' ? this.document.getElementById(targetRef) : targetRef;
    if (!targetHtml || typeof (targetHtml as Element).appendChild !== 'function') {
      const wrong = typeof targetRef === 'string' ? `no element has the id "${targetRef}"` : `got ${targetRef === null ? 'null' : typeof targetRef}`;
      throw new WrsError('INVALID_ARGUMENT', `GridFactory.create needs targetHtml, the element the grid is mounted into or its id: ${wrong}`, targetRef);
    }
    const host = targetHtml.ownerDocument!.createElement('ui-grid');
    targetHtml.appendChild(host);
    const ref = createComponent(GridComponent, { environmentInjector: this.injector, hostElement: host });
    for (const [name, value] of Object.entries(inputs)) ref.setInput(name, value);
    this.appRef.attachView(ref.hostView);
    ref.changeDetectorRef.detectChanges();
    ref.onDestroy(() => host.remove());
    return ref;
  }
}
