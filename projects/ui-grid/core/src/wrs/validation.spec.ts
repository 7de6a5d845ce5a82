import { DataProviderRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { WRS, domName, wrsText } from '../../testing/fixtures';
import { WrsIndex } from '../rows/wrs-index';
import { cellValue, cellsOf } from '../rows/row-states';
import { WrsUtil } from './wrs-util';
import { VALIDATION_MESSAGES, registerValidation } from './validation';
import { storeValidationWrsOf, validationWrsOf } from './validation-result';
import { parseXml } from '../xml/dom';

function setup(xml: string) {
  const registry = new DataProviderRegistry();
  const model = new StaticModel({ id: 'm', data: xml, registry });
  void model.execute();
  return { model, util: new WrsUtil({ registry }), registry };
}

const typed = () =>
  wrsText(
    [
      { id: 'id', isKey: true, nullable: '0' },
      { id: 'n', type: 'INTEGER' },
      { id: 'd', type: 'DECIMAL', scale: 2 },
      { id: 'day', type: 'DATE' },
      { id: 'ts', type: 'TIMESTAMP' },
      { id: 'b', type: 'BOOLEAN' },
      { id: 'c', references: ['DE', 'FR'] },
    ],
    [
      ['k1', '1', '1.25', '2024-02-29', '2024-01-01 10:00:00', 'true', 'DE'],
      ['k2', '1.5', '1.255', '2023-02-29', '2024-01-01T25:00', 'yes', 'XX'],
      ['K1', 'x', 'abc', '2024-13-01', 'later', '1', null],
      [null, '-7', '-.5', '2024-12-31', '2024-12-31T23:59:59.123', '0', 'FR'],
      ['k2', '', '', '', '', '', ''],
    ],
  ).replace('<wrs:C pos="5" id="ts"', '<wrs:C pos="5" id="ts" display-size="3"');

/** The error rows of a result as `rowId|colId|message`. */
function errorRows(util: WrsUtil, model: StaticModel, id: string): string[] {
  const index = WrsIndex.ofElement(util.getValidationResult(model, id)!);
  return index.rows().map((row) => cellsOf(row).map(cellValue).join('|'));
}

describe(`validation (${domName()})`, () => {
  it('getValidationErrorCount is -2 before any validation and getValidationResult null unless doCreate', () => {
    const { util, model } = setup(typed());
    expect(util.getValidationErrorCount(model)).toBe(-2);
    expect(util.getValidationResult(model, 'v')).toBeNull();
    const created = util.getValidationResult('m', 'v', true)!;
    expect(created.getAttribute('uiValidationId')).toBe('v');
    expect((created.parentNode as Element).localName).toBe('ValidationResult');
    expect((created.parentNode!.parentNode as Element).localName).toBe('Header');
    expect(util.getValidationErrorCount(model)).toBe(0);
  });

  it('wrsValidation runs func over the selected columns of rows that are not deleted and stores one row per error', () => {
    const { util, model } = setup(typed());
    util.deleteRow(model, 'R5');
    const seen: string[] = [];
    const doc = util.wrsValidation({
      validationId: 'short',
      model,
      cellValidation: {
        func: (c, h) => {
          seen.push(h.getAttribute('id')!);
          return (c.textContent ?? '').length > 2 ? { validationMessage: 'tooLong' } : null;
        },
        bRefSelector: (header) => Array.from(header.getElementsByTagNameNS('*', 'C')).filter((c) => c.getAttribute('id') === 'n' || c.getAttribute('id') === 'c'),
      },
    });
    expect(doc).toBe(model.getData()!);
    expect(seen.length).toBe(8);
    expect(errorRows(util, model, 'short')).toEqual(['R2|n|tooLong']);
    expect(util.getValidationErrorCount(model)).toBe(1);
  });

  it('validating again replaces the result of the same id and keeps other ids', () => {
    const { util, model } = setup(typed());
    const run = (id: string, bad: string) =>
      util.wrsValidation({ validationId: id, model, cellValidation: { func: (c) => (c.textContent === bad ? { validationMessage: 'bad' } : null) } });
    run('a', 'DE');
    run('b', 'FR');
    run('a', 'k2');
    expect(errorRows(util, model, 'a')).toEqual(['R2|id|bad', 'R5|id|bad']);
    expect(errorRows(util, model, 'b')).toEqual(['R4|c|bad']);
    expect(util.getValidationErrorCount(model)).toBe(3);
    util.replaceValidationResult(model.getData()!, null, 'a');
    expect(util.getValidationErrorCount(model)).toBe(1);
    expect(() => util.replaceValidationResult(model.getData()!, null, '')).toThrowMatching((e) => e.code === 'INVALID_ARGUMENT');
  });

  it('replaceValidationResult takes a wrs:ValidationResult from elsewhere and tags it with the id', () => {
    const { util, model } = setup(typed());
    const other = setup(typed());
    other.util.wrsValidation({ validationId: 'x', model: other.model, cellValidation: { func: () => ({ validationMessage: 'm' }) } });
    const container = other.util.getValidationResult(other.model, 'x')!.parentNode!;
    util.replaceValidationResult(model.getData()!.documentElement, container, 'mine');
    expect(util.getValidationResult(model, 'mine')!.getAttribute('uiValidationId')).toBe('mine');
    expect(util.getValidationErrorCount(model)).toBe(35);
  });

  it('storeValidationWrsOf stores a result Wrs built for the document as it is, replacing only the result of its id', () => {
    const { util, model } = setup(typed());
    const doc = model.getData()!;
    const root = doc.documentElement;
    util.replaceValidationResult(doc, validationWrsOf(doc, 'other', [{ rowId: 'R9', colId: 'n', message: 'm9' }]), 'other');
    const first = validationWrsOf(doc, 'mine', [{ rowId: 'R1', colId: 'n', message: 'm1' }]);
    expect(storeValidationWrsOf(root, first, 'mine')).toBe(first);
    const second = validationWrsOf(doc, 'mine', [
      { rowId: 'R1', colId: 'd', message: 'm2' },
      { rowId: 'R2', colId: 'n', message: 'm3' },
    ]);
    storeValidationWrsOf(root, second, 'mine');
    expect(util.getValidationResult(model, 'mine')).toBe(second);
    expect(first.parentNode).toBeNull();
    expect(errorRows(util, model, 'mine')).toEqual(['R1|d|m2', 'R2|n|m3']);
    expect(WrsIndex.ofElement(second).rows().map((r) => r.getAttribute('id'))).toEqual(['1', '2']);
    expect(errorRows(util, model, 'other')).toEqual(['R9|n|m9']);
    expect(util.getValidationErrorCount(model)).toBe(3);
    expect(() => storeValidationWrsOf(root, second, 'mine')).toThrowMatching((e) => e.code === 'INVALID_ARGUMENT');
    const elsewhere = validationWrsOf(parseXml(typed()), 'mine', []);
    expect(() => storeValidationWrsOf(root, elsewhere, 'mine')).toThrowMatching((e) => e.code === 'INVALID_ARGUMENT');
    expect(() => storeValidationWrsOf(root, validationWrsOf(doc, 'x', []), '')).toThrowMatching((e) => e.code === 'INVALID_ARGUMENT');
  });

  it('the built-in validateModel checks types, nullable, display-size, references and key uniqueness', async () => {
    const { util, model } = setup(typed());
    const validation = util.validateModel({ model }, 'builtin');
    await validation.fetchData();
    const result = validation.getData()!.documentElement;
    expect(result.localName).toBe('ValidationResult');
    const M = VALIDATION_MESSAGES;
    expect(errorRows(util, model, 'builtin')).toEqual([
      `R2|n|${M.integer}`,
      `R2|d|${M.scale}`,
      `R2|day|${M.date}`,
      `R2|ts|${M.timestamp}`,
      `R2|b|${M.boolean}`,
      `R2|c|${M.notInReferences}`,
      `R3|n|${M.integer}`,
      `R3|d|${M.decimal}`,
      `R3|day|${M.date}`,
      `R3|ts|${M.timestamp}`,
      `R4|id|${M.notNull}`,
      `R2|id|${M.duplicateKey}`,
      `R5|id|${M.duplicateKey}`,
    ]);
    expect(util.getValidationErrorCount(model)).toBe(13);
  });

  it('the built-in validation takes the endless dates, eras, long years and special numbers PostgreSQL holds, and still refuses the year 0 and bad days', async () => {
    const columns = [{ id: 'day', type: 'DATE' }, { id: 'ts', type: 'TIMESTAMP' }, { id: 'f', type: 'DOUBLE' }, { id: 'n', type: 'NUMERIC', scale: 2 }];
    const { util, model } = setup(
      wrsText(columns, [
        ['infinity', '-infinity', 'NaN', 'NaN'],
        ['0044-03-15 BC', '0044-03-15T10:00:00 BC', 'Infinity', 'Infinity'],
        ['10000-01-01', '0001-02-29T00:00:00 BC', '-Infinity', '-Infinity'],
        ['0000-01-01', '0002-02-29T00:00:00 BC', 'nan', 'inf'],
        ['Infinity', '0044-03-15 AD', 'NAN', '1.234'],
      ]),
    );
    await util.validateModel({ model }, 'special').fetchData();
    const M = VALIDATION_MESSAGES;
    expect(errorRows(util, model, 'special')).toEqual([
      `R4|day|${M.date}`,
      `R4|ts|${M.timestamp}`,
      `R4|f|${M.decimal}`,
      `R4|n|${M.decimal}`,
      `R5|day|${M.date}`,
      `R5|ts|${M.timestamp}`,
      `R5|f|${M.decimal}`,
      `R5|n|${M.scale}`,
    ]);
  });

  it('validateModel compares keys case-insensitively when asked, and is re-executable', async () => {
    const { util, model } = setup(typed());
    let outcome: unknown = null;
    const validation = util.validateModel({ model, validationId: 'keys', parameters: { ignoreKeyCase: true }, fn: (o) => (outcome = o.validationResult) });
    await validation.fetchData();
    expect(outcome as Element).toBe(validation.getData()!.documentElement);
    const keyErrors = errorRows(util, model, 'keys').filter((r) => r.endsWith(VALIDATION_MESSAGES.duplicateKey));
    expect(keyErrors).toEqual([`R1|id|${VALIDATION_MESSAGES.duplicateKey}`, `R3|id|${VALIDATION_MESSAGES.duplicateKey}`, `R2|id|${VALIDATION_MESSAGES.duplicateKey}`, `R5|id|${VALIDATION_MESSAGES.duplicateKey}`]);
    util.deleteRow(model, 'R3');
    util.deleteRow(model, 'R5');
    util.deleteRow(model, 'R2');
    util.setCellValue(model, 'R4', 'id', 'k4');
    await validation.fetchData(true);
    expect(errorRows(util, model, 'keys')).toEqual([]);
    expect(validation.getData()!.documentElement.getElementsByTagNameNS('*', 'Data').length).toBe(1);
    expect(util.getValidationErrorCount(model)).toBe(0);
  });

  it('validateModel statuses: an unknown validation fails loading the chain, a throwing one the transformation', async () => {
    const { util, model } = setup(typed());
    const unknown = util.validateModel({ model, stylesheetUrl: 'xslt/none.xslt' }, 'u');
    await unknown.execute();
    expect(unknown.getStatus().name).toBe('ChainStylesheetLoadingFailed');
    registerValidation('throws', () => {
      throw new Error('boom');
    });
    const failing = util.validateModel({ model, stylesheetUrl: 'throws' }, 't');
    await failing.execute();
    const statuses: string[] = [];
    failing.status$.subscribe((s) => statuses.push(s.name));
    await failing.execute(true);
    expect(statuses).toEqual(['TransformFailedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'WaitingForParametersStatus', 'TransformingStatus', 'TransformFailedStatus']);
    expect(failing.getFailureReason()).toContain('boom');
  });

  it('validateModel runs a validation stylesheet through the chain and stores its result in the model', async () => {
    const { util, model } = setup(typed());
    const xslt = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:wrs="${WRS}">
      <xsl:template match="/">
        <wrs:ValidationResult><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="RowId"/><wrs:C pos="2" id="ColId"/><wrs:C pos="3" id="Error"/></wrs:Columns></wrs:Header>
          <wrs:Data><xsl:for-each select="/*/wrs:Data/*[wrs:C[1]='k1']"><wrs:R id="e{position()}"><wrs:C><xsl:value-of select="@id"/></wrs:C><wrs:C>id</wrs:C><wrs:C>my_rule</wrs:C></wrs:R></xsl:for-each></wrs:Data>
        </wrs:Wrs></wrs:ValidationResult>
      </xsl:template>
    </xsl:stylesheet>`;
    const statuses: string[] = [];
    const validation = util.validateModel({ model, stylesheetUrl: xslt }, 'xslt');
    validation.status$.subscribe((s) => statuses.push(s.name));
    await validation.fetchData();
    expect(statuses).toContain('TransformedStatus');
    expect(errorRows(util, model, 'xslt')).toEqual(['R1|id|my_rule']);
    expect(util.getValidationErrorCount(model)).toBe(1);
  });

  it('validateModel waits for a model that is not loaded yet', async () => {
    const registry = new DataProviderRegistry();
    const lazy = new StaticModel({ id: 'lazy', data: typed(), registry });
    const util = new WrsUtil({ registry });
    expect(util.getValidationErrorCount('lazy')).toBe(-1);
    const validation = util.validateModel({ model: 'lazy' }, 'v');
    await validation.fetchData();
    expect(util.getValidationErrorCount('lazy')).toBe(13);
  });
});
