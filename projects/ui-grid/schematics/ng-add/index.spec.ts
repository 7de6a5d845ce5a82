import { SchematicTestRunner, UnitTestTree } from '@angular-devkit/schematics/testing';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SAXON_SCRIPTS } from './index.cjs';

// The package's collection, its factory pointed at the TypeScript source (the package holds the compiled index.cjs).
function sourceCollection(): string {
  const collection = JSON.parse(readFileSync(join(__dirname, '../collection.json'), 'utf8'));
  collection.schematics['ng-add'].factory = `${join(__dirname, 'index.cts')}#ngAdd`;
  collection.schematics['ng-add'].schema = join(__dirname, 'schema.json');
  const path = join(mkdtempSync(join(tmpdir(), 'ng-add-spec-')), 'collection.json');
  writeFileSync(path, JSON.stringify(collection));
  return path;
}

const runner = new SchematicTestRunner('ngx-wrs-grid', sourceCollection());
const angular = new SchematicTestRunner('@schematics/angular', join(dirname(require.resolve('@schematics/angular/package.json')), 'collection.json'));

async function newApp(standalone: boolean): Promise<UnitTestTree> {
  const workspace = await angular.runSchematic('workspace', { name: 'ws', newProjectRoot: 'projects', version: '21.2.0' });
  return angular.runSchematic('application', { name: 'shop', standalone, skipTests: true, style: 'css' }, workspace);
}

function buildOptions(tree: UnitTestTree): { scripts?: unknown[]; allowedCommonJsDependencies?: string[] } {
  return JSON.parse(tree.readText('/angular.json')).projects.shop.architect.build.options;
}

function count(text: string, pattern: RegExp): number {
  return text.match(new RegExp(pattern, 'g'))?.length ?? 0;
}

describe('ng add ngx-wrs-grid', () => {
  it('sets up a standalone app: provideUiGrid and provideHttpClient in the app config, the saxon-js script, exceljs allowed, saxon-js a dependency', async () => {
    const tree = await runner.runSchematic('ng-add', { project: 'shop' }, await newApp(true));
    const config = tree.readText('/projects/shop/src/app/app.config.ts');
    expect(config).toMatch(/import \{ provideUiGrid \} from 'ngx-wrs-grid';/);
    expect(config).toMatch(/providers: \[[^\]]*provideUiGrid\(\)/s);
    expect(config).toMatch(/providers: \[[^\]]*provideHttpClient\(\)/s);
    const options = buildOptions(tree);
    expect(options.scripts).toEqual(SAXON_SCRIPTS);
    expect(options.allowedCommonJsDependencies).toEqual(['exceljs']);
    expect(JSON.parse(tree.readText('/package.json')).dependencies['saxon-js']).toBe('^2.7.0');
  });

  it('sets up an NgModule app: UiGridModule.forRoot() in the root module imports (the grid and the services), provideHttpClient in its providers', async () => {
    const tree = await runner.runSchematic('ng-add', { project: 'shop' }, await newApp(false));
    const modulePath = tree.files.find((f) => /\/projects\/shop\/src\/app\/app[.-]module\.ts$/.test(f))!;
    const module = tree.readText(modulePath);
    expect(module).toMatch(/import \{ UiGridModule \} from 'ngx-wrs-grid';/);
    expect(module).toMatch(/imports: \[[^\]]*UiGridModule\.forRoot\(\)/s);
    expect(module).toMatch(/providers: \[[^\]]*provideHttpClient\(\)/s);
    expect(buildOptions(tree).scripts).toEqual(SAXON_SCRIPTS);
  });

  it('run twice, or on an app that has HttpClient already, adds nothing twice', async () => {
    const app = await newApp(true);
    const configPath = '/projects/shop/src/app/app.config.ts';
    app.overwrite(
      configPath,
      app.readText(configPath).replace('providers: [', 'providers: [provideHttpClient(withFetch()), ').replace(/^/, "import { provideHttpClient, withFetch } from '@angular/common/http';\n"),
    );
    const once = await runner.runSchematic('ng-add', { project: 'shop' }, app);
    const twice = await runner.runSchematic('ng-add', { project: 'shop' }, once);
    const config = twice.readText(configPath);
    expect(count(config, /provideHttpClient\(/)).toBe(1);
    expect(count(config, /provideUiGrid\(\)/)).toBe(1);
    expect(buildOptions(twice).scripts).toEqual(SAXON_SCRIPTS);
    expect(buildOptions(twice).allowedCommonJsDependencies).toEqual(['exceljs']);
  });

  it('with strictCsp turns off the critical CSS inliner in the production build, the other optimizations kept; without, leaves it', async () => {
    const production = (tree: UnitTestTree) => JSON.parse(tree.readText('/angular.json')).projects.shop.architect.build.configurations.production;
    const strict = await runner.runSchematic('ng-add', { project: 'shop', strictCsp: true }, await newApp(true));
    expect(production(strict).optimization).toEqual({ scripts: true, styles: { minify: true, inlineCritical: false }, fonts: true });
    const plain = await runner.runSchematic('ng-add', { project: 'shop' }, await newApp(true));
    expect(production(plain).optimization).toBeUndefined();

    const tuned = await newApp(true);
    const json = JSON.parse(tuned.readText('/angular.json'));
    json.projects.shop.architect.build.configurations.production.optimization = { scripts: true, styles: { minify: false }, fonts: { inline: false } };
    tuned.overwrite('/angular.json', JSON.stringify(json));
    const kept = await runner.runSchematic('ng-add', { project: 'shop', strictCsp: true }, tuned);
    expect(production(kept).optimization).toEqual({ scripts: true, styles: { minify: false, inlineCritical: false }, fonts: { inline: false } });
  });

  it('refuses a library project', async () => {
    const workspace = await newApp(true);
    const withLibrary = await angular.runSchematic('library', { name: 'parts' }, workspace);
    await expectAsync(runner.runSchematic('ng-add', { project: 'parts' }, withLibrary)).toBeRejectedWithError(/sets up an application; 'parts' is none/);
  });
});
