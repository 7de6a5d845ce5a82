import { ChangeDetectionStrategy, Component, DestroyRef, ElementRef, inject, signal, viewChild } from '@angular/core';
import { ChainService } from 'ngx-wrs-grid';
import { ModelWrapper, SaxonXsltEngine, SimpleModel } from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';

const SAMPLE_XSLT = `<xsl:stylesheet version="3.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"
    exclude-result-prefixes="wrs"
    expand-text="yes">
  <xsl:param name="title" select="'Orders'"/>
  <xsl:template match="/">
    <div class="report">
      <h3>{$title}: {count(/*/wrs:Data/*)} rows</h3>
      <ul>
        <xsl:for-each select="/*/wrs:Data/*">
          <li>{wrs:C[2]}</li>
        </xsl:for-each>
      </ul>
    </div>
  </xsl:template>
</xsl:stylesheet>`;

/** Runs a user-editable XSLT 3.0 stylesheet over the sample Wrs through a chain and shows the statuses as they pass. */
@Component({
  selector: 'app-xslt-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>XSLT chain</h1>
    <p>The stylesheet runs through saxon-js (loaded on the first run) over <code>data/orders-sample.xml</code>; its HTML result is sanitized into the output box.</p>
    <label class="title">Parameter <code>title</code>: <input data-test="title" [value]="title()" (input)="title.set($any($event.target).value)" /></label>
    <textarea data-test="xslt-source" rows="18" spellcheck="false" [value]="source()" (input)="source.set($any($event.target).value)"></textarea>
    <p><button type="button" data-test="run" (click)="run()">Run the chain</button></p>
    <section class="cols">
      <div>
        <h2>Status stream</h2>
        <ol data-test="statuses">
          @for (s of statuses(); track $index) {
            <li>{{ s }}</li>
          }
        </ol>
        @if (reason()) {
          <p class="error" data-test="reason">{{ reason() }}</p>
        }
      </div>
      <div>
        <h2>Output</h2>
        <div class="target" data-test="html-target" #target></div>
        <pre data-test="output">{{ output() }}</pre>
      </div>
    </section>

    <h2>Stylesheet compiled by the reference server</h2>
    <p>
      The app is configured with <code>provideUiGrid({{ '{' }} sefResolver: serverCompiledStylesheets({{ '{' }} under: 'xslt/' {{ '}' }}) {{ '}' }})</code>: a chain step
      naming a stylesheet url asks the server for <code>&lt;url&gt;.sef.json</code>, which the server compiles once with xslt3,
      and runs it without compiling in the browser. The engine keeps it: the second run neither fetches nor compiles.
    </p>
    <label class="title">Stylesheet url: <input data-test="compiled-url" [value]="compiledUrl()" (input)="compiledUrl.set($any($event.target).value)" /></label>
    <p><button type="button" data-test="run-compiled" (click)="runCompiled()">Run twice</button></p>
    <section class="cols">
      <div>
        <ol data-test="compiled-runs">
          @for (r of compiledRuns(); track r.run) {
            <li>Run {{ r.run }}: {{ r.status }} in {{ r.ms }} ms</li>
          }
        </ol>
        @if (compilations() !== null) {
          <p>
            Runs with this page's engine: <b data-test="total-runs">{{ totalRuns() }}</b>; compilations in the browser:
            <b data-test="compilations">{{ compilations() }}</b>
          </p>
        }
        @if (compiledReason()) {
          <p class="error" data-test="compiled-reason">{{ compiledReason() }}</p>
        }
      </div>
      <div class="target" data-test="compiled-target" #compiledTarget></div>
    </section>
  `,
  styles: `
    textarea { width: 100%; font-family: monospace; }
    .cols { display: grid; grid-template-columns: 1fr 2fr; gap: 1rem; }
    .target { background: #fff; border: 1px solid #d5d9e0; padding: 0.5rem; min-height: 3rem; }
    pre { background: #fff; border: 1px solid #d5d9e0; padding: 0.5rem; max-height: 30vh; overflow: auto; white-space: pre-wrap; }
    .error { color: #a3122a; }
  `,
})
export class XsltPageComponent {
  private readonly chains = inject(ChainService);
  private readonly target = viewChild.required<ElementRef<HTMLElement>>('target');
  private readonly compiledTarget = viewChild.required<ElementRef<HTMLElement>>('compiledTarget');
  // The page's own engine, so the compilations shown are those of these runs only.
  private readonly compiledEngine = new SaxonXsltEngine();
  protected readonly source = signal(SAMPLE_XSLT);
  protected readonly title = signal('Orders');
  protected readonly statuses = signal<string[]>([]);
  protected readonly reason = signal('');
  protected readonly output = signal('');
  protected readonly compiledUrl = signal('xslt/orders-by-country.xslt');
  protected readonly compiledRuns = signal<{ run: number; status: string; ms: number }[]>([]);
  protected readonly compilations = signal<number | null>(null);
  protected readonly totalRuns = signal(0);
  protected readonly compiledReason = signal('');
  private subscription?: Subscription;

  constructor() {
    inject(DestroyRef).onDestroy(() => this.subscription?.unsubscribe());
  }

  run(): void {
    this.subscription?.unsubscribe();
    this.statuses.set([]);
    this.reason.set('');
    this.output.set('');
    const chain: ModelWrapper = this.chains.create({
      inputModel: new SimpleModel({ url: 'data/orders-sample.xml' }),
      chain: this.source(),
      parameters: { title: this.title() },
      targetHtml: this.target().nativeElement,
    });
    this.subscription = chain.status$.subscribe((status) => {
      this.statuses.update((list) => [...list, status.name]);
      this.reason.set(chain.getFailureReason() ?? '');
      if (chain.isReady()) this.output.set(chain.serialize() ?? '');
    });
    void chain.execute();
  }

  /** Runs the url stylesheet twice over the sample (input loaded before the timer): the first run fetches its SEF. */
  async runCompiled(): Promise<void> {
    this.compiledRuns.set([]);
    this.compilations.set(null);
    this.compiledReason.set('');
    for (const run of [1, 2]) {
      const input = new SimpleModel({ url: 'data/orders-sample.xml' });
      await input.fetchData();
      const chain = this.chains.create({
        inputModel: input,
        chain: this.compiledUrl(),
        parameters: { title: `Run ${run}` },
        targetHtml: this.compiledTarget().nativeElement,
        xsltEngine: this.compiledEngine,
      });
      const started = performance.now();
      await chain.execute();
      this.compiledRuns.update((list) => [...list, { run, status: chain.getStatus().name, ms: Math.round(performance.now() - started) }]);
      this.totalRuns.update((n) => n + 1);
      if (chain.hasFailed()) {
        this.compiledReason.set(chain.getFailureReason() ?? '');
        break;
      }
    }
    this.compilations.set(this.compiledEngine.compilations);
  }
}
