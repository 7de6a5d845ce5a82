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

/**
 * Mounts a grid over a StaticModel of `data` with the given inputs (zoneless, its own provider registry, plus
 * `providers`) and waits until its rows are painted or its load failed.
 */
export async function mountGrid(data: string, inputs: Record<string, unknown> = {}, providers: Provider[] = []): Promise<MountedGrid> {
  TestBed.configureTestingModule({
    providers: [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }, ...providers],
  });
  const fixture = TestBed.createComponent(GridComponent);
  const grid = fixture.componentInstance;
  fixture.componentRef.setInput('inputModel', new StaticModel({ data }));
  for (const [k, v] of Object.entries(inputs)) fixture.componentRef.setInput(k, v);
  document.body.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  await firstValueFrom(grid.status$.pipe(filter((s) => s.name === 'TransformedStatus' || s.isFailure)));
  await fixture.whenStable();
  await new Promise((resolve) => setTimeout(resolve));
  return { fixture, grid, el: fixture.nativeElement as HTMLElement };
}
