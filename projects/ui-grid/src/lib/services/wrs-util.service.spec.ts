import { Clipboard } from '@angular/cdk/clipboard';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, StaticModel, WrsBackend, WrsError, WrsUtil } from 'ngx-wrs-grid/core';
import { provideUiGrid } from '../ui-grid.module';
import { WRS_BACKEND } from './wrs-backend.token';
import { WrsUtilService } from './wrs-util.service';

const WRS = `<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"><wrs:Header><wrs:Columns>
<wrs:C pos="1" id="a" caption="A"/><wrs:C pos="2" id="b" caption="B"/></wrs:Columns></wrs:Header>
<wrs:Data><wrs:R id="R1"><wrs:C>x</wrs:C><wrs:C>1</wrs:C></wrs:R><wrs:R id="R2"><wrs:C>y</wrs:C><wrs:C>2</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;

describe('WrsUtilService', () => {
  let registry: DataProviderRegistry;
  let saved: string[];
  let copied: string[];
  let copyResult: boolean;

  beforeEach(() => {
    registry = new DataProviderRegistry();
    saved = [];
    copied = [];
    copyResult = true;
    const backend: WrsBackend = {
      load: () => Promise.reject(new WrsError('BACKEND', 'unused')),
      save: async (wrs) => {
        saved.push(typeof wrs === 'string' ? wrs : new XMLSerializer().serializeToString(wrs));
      },
      nextIdentifier: async (_scope, blockSize = 1) => 41 + blockSize,
    };
    TestBed.configureTestingModule({
      providers: [
        provideUiGrid({ registry }),
        { provide: WRS_BACKEND, useValue: backend },
        { provide: Clipboard, useValue: { copy: (text: string) => (copied.push(text), copyResult) } },
      ],
    });
    void new StaticModel({ id: 'grid', data: WRS, registry }).execute();
  });

  it('is a root service exposing the WrsUtil functions over the app registry', () => {
    const util = TestBed.inject(WrsUtilService);
    expect(util).toEqual(jasmine.any(WrsUtil));
    expect(util.setCellValue('grid', 'R2', 'b', '5')).toBeTrue();
    expect(registry.get('grid')!.read("/*/wrs:Data/wrs:M[@id='R2']/wrs:O[2]")).toBe('2');
  });

  it('copies through the CDK Clipboard and reports a refused copy as CLIPBOARD', async () => {
    const util = TestBed.inject(WrsUtilService);
    await util.copy({ model: 'grid', rowStartPos: 1, rowEndPos: 2, colStartPos: 1, colEndPos: 2 });
    expect(copied).toEqual(['x\t1\r\ny\t2\r\n']);
    copyResult = false;
    await expectAsync(util.copyAllRows2CSV({ model: 'grid' })).toBeRejectedWith(jasmine.objectContaining({ code: 'CLIPBOARD' }));
  });

  it('saves and fetches identifiers through the WRS_BACKEND provided', async () => {
    const util = TestBed.inject(WrsUtilService);
    util.deleteRow('grid', 'R1');
    await util.saveModel({ model: 'grid' });
    expect(saved.length).toBe(1);
    expect(saved[0]).toContain('id="R1"');
    expect(saved[0]).not.toContain('id="R2"');
    expect(registry.get('grid')!.isSaved()).toBeTrue();
    let next = 0;
    await util.getNextIdentifier({ scope: 's', onSuccessCb: (r) => (next = r.nextIdentifier!) });
    expect(next).toBe(42);
  });
});
