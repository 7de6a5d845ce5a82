import { Provider, provideZonelessChangeDetection } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import { DataProviderRegistry, StaticModel } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { GridComponent } from '../grid.component';

/** A grid mounted in the page for a spec: its fixture, the component and its host element. */
export interface MountedGrid {
  readonly fixture: ComponentFixture<GridComponent>;
  readonly grid: GridComponent;
  readonly el: HTMLElement;
}

/** How a grid is put in the page. */
export interface MountOptions {
  /** The grid goes into a wrapping element of this class (a page theme around it) instead of straight into the body. */
  readonly hostClass?: string;
}

/** Configures the TestBed for grids (zoneless, its own provider registry, plus `providers`): once per spec. */
export function configureGrids(providers: Provider[] = []): void {
  TestBed.configureTestingModule({
    providers: [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }, ...providers],
  });
}

/**
 * Mounts a grid in the TestBed `configureGrids` set up, over a StaticModel of `data` (none: it loads from its backend
 * or `inputs`), with the given inputs, and waits until its rows are painted or its load failed. A spec may mount several.
 */
export async function mountConfiguredGrid(data: string | null, inputs: Record<string, unknown> = {}, options: MountOptions = {}): Promise<MountedGrid> {
  const fixture = TestBed.createComponent(GridComponent);
  const grid = fixture.componentInstance;
  if (data !== null) fixture.componentRef.setInput('inputModel', new StaticModel({ data }));
  for (const [k, v] of Object.entries(inputs)) fixture.componentRef.setInput(k, v);
  let parent: HTMLElement = document.body;
  if (options.hostClass) {
    parent = document.body.appendChild(document.createElement('div'));
    parent.className = options.hostClass;
  }
  parent.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  await firstValueFrom(grid.status$.pipe(filter((s) => s.name === 'TransformedStatus' || s.isFailure)));
  await fixture.whenStable();
  await new Promise((resolve) => setTimeout(resolve));
  return { fixture, grid, el: fixture.nativeElement as HTMLElement };
}

/** `configureGrids(providers)`, then `mountConfiguredGrid`: the one grid of a spec. */
export async function mountGrid(data: string | null, inputs: Record<string, unknown> = {}, providers: Provider[] = [], options: MountOptions = {}): Promise<MountedGrid> {
  configureGrids(providers);
  return mountConfiguredGrid(data, inputs, options);
}
