import { ChangeDetectionStrategy, Component, DestroyRef, inject, signal } from '@angular/core';
import { DataProvider, SimpleModel, StaticModel } from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';

/** Loads a Wrs document from a file and shows the provider's status stream and its serialized data. */
@Component({
  selector: 'app-provider-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Data provider</h1>
    <p class="controls">
      <button type="button" data-test="load-sample" (click)="loadSample()">Load sample orders (data/orders-sample.xml)</button>
      <button type="button" data-test="load-broken" (click)="loadUrl('data/missing.xml')">Load a missing file</button>
      <label>Or pick a Wrs file: <input type="file" accept=".xml,application/xml,text/xml" data-test="file" (change)="loadFile($event)" /></label>
    </p>
    <section>
      <h2>Status stream</h2>
      <ol data-test="statuses">
        @for (s of statuses(); track $index) {
          <li>{{ s }}</li>
        }
      </ol>
      @if (reason()) {
        <p class="error" data-test="reason">{{ reason() }}</p>
      }
    </section>
    <section>
      <h2>Data <small data-test="row-count">{{ rowCount() }}</small></h2>
      <pre data-test="serialized">{{ serialized() }}</pre>
    </section>
  `,
  styles: `
    .controls { display: flex; gap: 1rem; flex-wrap: wrap; align-items: center; }
    pre { background: #fff; border: 1px solid #d5d9e0; padding: 0.75rem; max-height: 50vh; overflow: auto; white-space: pre-wrap; }
    .error { color: #a3122a; }
  `,
})
export class ProviderPageComponent {
  protected readonly statuses = signal<string[]>([]);
  protected readonly serialized = signal('');
  protected readonly reason = signal('');
  protected readonly rowCount = signal('');
  private subscription?: Subscription;

  constructor() {
    inject(DestroyRef).onDestroy(() => this.subscription?.unsubscribe());
  }

  loadSample(): void {
    this.loadUrl('data/orders-sample.xml');
  }

  loadUrl(url: string): void {
    this.watch(new SimpleModel({ url }));
  }

  async loadFile(event: Event): Promise<void> {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (file) this.watch(new StaticModel({ data: await file.text() }));
  }

  private watch(provider: DataProvider): void {
    this.subscription?.unsubscribe();
    this.statuses.set([]);
    this.serialized.set('');
    this.reason.set('');
    this.rowCount.set('');
    this.subscription = provider.status$.subscribe((status) => {
      this.statuses.update((list) => [...list, status.name]);
      this.reason.set(provider.getFailureReason() ?? '');
      if (provider.isReady()) {
        this.serialized.set(provider.serialize() ?? '');
        this.rowCount.set(`${provider.queryNodes('/*/wrs:Data/*').length} rows`);
      }
    });
    void provider.execute();
  }
}
