import { ApplicationRef, ComponentRef, EnvironmentInjector, Injectable, createComponent, inject } from '@angular/core';
import { GridComponent } from './grid.component';

/** Spec 2.1's argument map: `targetHtml` (the element the grid mounts into) plus any input of `GridComponent`. */
export type GridArgs = { readonly targetHtml: Element } & Readonly<Record<string, unknown>>;

/**
 * Creates grids from code, keeping the spec's constructor form `new Grid(args)` for pages that build grids
 * imperatively: `inject(GridFactory).create({ targetHtml, inputModel })`.
 */
@Injectable({ providedIn: 'root' })
export class GridFactory {
  private readonly appRef = inject(ApplicationRef);
  private readonly injector = inject(EnvironmentInjector);

  /** Mounts a grid into `args.targetHtml` with the other args as inputs; `destroy()` on the returned ref removes it. */
  create(args: GridArgs): ComponentRef<GridComponent> {
    const { targetHtml, ...inputs } = args;
    if (!targetHtml || typeof (targetHtml as Element).appendChild !== 'function') {
      throw new TypeError('GridFactory.create needs targetHtml: the element the grid is mounted into');
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
