import { ChangeDetectionStrategy, Component, ElementRef, afterNextRender, inject, signal, viewChild } from '@angular/core';
import { ChainService, GridComponent } from 'ngx-wrs-grid';
import { ModelWrapper, StaticModel } from 'ngx-wrs-grid/core';

// An app as `ng add ngx-wrs-grid` sets one up: a grid over a chain with an inline XSLT stylesheet, and a report chain
// whose HTML goes into the page. The e2e test e2e/consumer-csp.spec.ts serves its production build under a strict CSP
// with Trusted Types; scripts/consumer-check.mjs puts this component into a new app using the packed library.
const WRS = 'http://www.businesscode.de/schema/bcdui/wrs-1.0.0';

const ORDERS = `<wrs:Wrs xmlns:wrs="${WRS}"><wrs:Header><wrs:Columns>
  <wrs:C id="id" pos="1" caption="Id" type-name="INTEGER" isKey="true"/>
  <wrs:C id="customer" pos="2" caption="Customer" type-name="VARCHAR"/>
  <wrs:C id="amount" pos="3" caption="Amount" type-name="NUMERIC" scale="2"/>
</wrs:Columns></wrs:Header><wrs:Data>
  <wrs:R id="R1"><wrs:C>1</wrs:C><wrs:C>acme</wrs:C><wrs:C>10.50</wrs:C></wrs:R>
  <wrs:R id="R2"><wrs:C>2</wrs:C><wrs:C>globex</wrs:C><wrs:C>7.25</wrs:C></wrs:R>
  <wrs:R id="R3"><wrs:C>3</wrs:C><wrs:C>initech</wrs:C><wrs:C>3.00</wrs:C></wrs:R>
</wrs:Data></wrs:Wrs>`;

// Copies the Wrs, writing customers in capitals: the grid shows ACME only when the XSLT ran.
const UPPER_CASE_CUSTOMERS = `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:wrs="${WRS}">
  <xsl:mode on-no-match="shallow-copy"/>
  <xsl:template match="wrs:Data/*/wrs:C[2]">
    <xsl:copy><xsl:value-of select="upper-case(.)"/></xsl:copy>
  </xsl:template>
</xsl:stylesheet>`;

const REPORT = `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:wrs="${WRS}" exclude-result-prefixes="wrs" expand-text="yes">
  <xsl:template match="/">
    <p class="report">{count(/*/wrs:Data/*)} orders, {format-number(sum(/*/wrs:Data/*/wrs:C[3]), '0.00')} in total</p>
  </xsl:template>
</xsl:stylesheet>`;

@Component({
  selector: 'app-root',
  imports: [GridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Orders</h1>
    <ui-grid aria-label="Orders" data-test="grid" [inputModel]="orders" />
    <div data-test="report" #report></div>
    <p data-test="report-status">{{ reportStatus() }}</p>
  `,
})
export class AppComponent {
  private readonly chains = inject(ChainService);
  private readonly report = viewChild.required<ElementRef<HTMLElement>>('report');
  private readonly source = new StaticModel({ data: ORDERS });
  protected readonly orders = new ModelWrapper({ inputModel: this.source, chain: UPPER_CASE_CUSTOMERS });
  protected readonly reportStatus = signal('');

  constructor() {
    afterNextRender(() => {
      const chain = this.chains.create({ inputModel: this.source, chain: REPORT, targetHtml: this.report().nativeElement });
      chain.fetchData().then(
        () => this.reportStatus.set('report ready'),
        (e: unknown) => this.reportStatus.set(`report failed: ${e instanceof Error ? e.message : String(e)}`),
      );
    });
  }
}
