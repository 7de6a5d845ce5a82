import { JsonValue } from '@angular-devkit/core';
import { Rule, SchematicContext, SchematicsException, Tree, chain, noop } from '@angular-devkit/schematics';
import {
  DependencyType,
  ProjectDefinition,
  addDependency,
  addRootImport,
  addRootProvider,
  readWorkspace,
  updateWorkspace,
} from '@schematics/angular/utility';
import { isStandaloneApp } from '@schematics/angular/utility/ng-ast-utils';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NgAddOptions {
  project?: string;
  /** The app runs under a strict CSP: its production build inlines no critical CSS (docs/security-csp.md). */
  strictCsp?: boolean;
}

const LIBRARY = 'ngx-wrs-grid';

/**
 * The saxon-js browser script: the app's own saxon-js, unchanged, between the library's two wrapper files, built by
 * the app's build into `saxon-js.js` (not injected: the library loads it on the first XSLT step).
 */
export const SAXON_SCRIPTS = [
  { input: `${LIBRARY}/saxon-js/browser-start.js`, bundleName: 'saxon-js', inject: false },
  { input: 'saxon-js/SaxonJS2N.js', bundleName: 'saxon-js', inject: false },
  { input: `${LIBRARY}/saxon-js/browser-end.js`, bundleName: 'saxon-js', inject: false },
];

// exceljs (XLSX export, loaded on the first export) has no ES module build.
const COMMON_JS_DEPENDENCIES = ['exceljs'];

/** `ng add ngx-wrs-grid`: sets up a standalone or NgModule app. */
export function ngAdd(options: NgAddOptions): Rule {
  return async (tree: Tree, context: SchematicContext) => {
    const workspace = await readWorkspace(tree);
    const name = options.project ?? firstApplication(workspace.projects);
    const project = name ? workspace.projects.get(name) : undefined;
    if (!name || !project || project.extensions['projectType'] !== 'application') {
      throw new SchematicsException(`ng add ${LIBRARY} sets up an application; ${name ? `'${name}' is none` : 'the workspace has none'}`);
    }
    const main = project.targets.get('build')?.options?.['browser'] ?? project.targets.get('build')?.options?.['main'];
    if (typeof main !== 'string') throw new SchematicsException(`The build target of '${name}' names no main file (browser or main)`);
    const sources = sourceTexts(tree, project);
    const has = (pattern: RegExp) => sources.some((text) => pattern.test(text));
    const standalone = isStandaloneApp(tree, main);
    context.logger.info(`Setting up ${name} (${standalone ? 'standalone' : 'NgModule'} app) for ${LIBRARY}.`);
    return chain([
      saxonDependency(),
      buildOptions(name),
      options.strictCsp ? noInlineCriticalCss(name) : noop(),
      has(/\bprovideUiGrid\s*\(|\bUiGridModule\b/)
        ? noop()
        : standalone
          ? addRootProvider(name, ({ code, external }) => code`${external('provideUiGrid', LIBRARY)}()`)
          : addRootImport(name, ({ code, external }) => code`${external('UiGridModule', LIBRARY)}.forRoot()`),
      has(/\bprovideHttpClient\s*\(|\bHttpClientModule\b/)
        ? noop()
        : addRootProvider(name, ({ code, external }) => code`${external('provideHttpClient', '@angular/common/http')}()`),
    ]);
  };
}

function firstApplication(projects: Map<string, ProjectDefinition> | { entries(): Iterable<[string, ProjectDefinition]> }): string | undefined {
  for (const [name, project] of projects.entries()) if (project.extensions['projectType'] === 'application') return name;
  return undefined;
}

// The app's TypeScript sources, to see what it provides already.
function sourceTexts(tree: Tree, project: ProjectDefinition): string[] {
  const texts: string[] = [];
  tree.getDir(project.sourceRoot ?? join(project.root, 'src')).visit((path) => {
    if (path.endsWith('.ts') && !path.endsWith('.spec.ts')) texts.push(tree.readText(path));
  });
  return texts;
}

// saxon-js is the app's own dependency: its build includes the app's copy (saxon-js's licence allows that, unchanged,
// as part of an application), in the version range the library asks for.
function saxonDependency(): Rule {
  const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { peerDependencies?: Record<string, string> };
  const version = pkg.peerDependencies?.['saxon-js'];
  return version ? addDependency('saxon-js', version, { type: DependencyType.Default }) : noop();
}

/**
 * The production configuration without the critical CSS inliner, whose `<link onload=...>` a strict CSP blocks; the
 * other optimizations as they were (on, when the configuration left them to the builder's default).
 */
function noInlineCriticalCss(projectName: string): Rule {
  return updateWorkspace((workspace) => {
    const build = workspace.projects.get(projectName)?.targets.get('build');
    const production = build?.configurations?.['production'];
    if (!build || !production) throw new SchematicsException(`'${projectName}' has no production build configuration to turn off inlineCritical in`);
    const optimization = production['optimization'] ?? build.options?.['optimization'] ?? true;
    if (optimization === false) return;
    const parts = isObject(optimization) ? optimization : { scripts: true, styles: true, fonts: true };
    const styles = parts['styles'] ?? true;
    production['optimization'] = { ...parts, styles: isObject(styles) ? { ...styles, inlineCritical: false } : { minify: styles, inlineCritical: false } };
  });
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function buildOptions(projectName: string): Rule {
  return updateWorkspace((workspace) => {
    const build = workspace.projects.get(projectName)?.targets.get('build');
    if (!build) throw new SchematicsException(`'${projectName}' has no build target`);
    const options = (build.options ??= {});
    const scripts = Array.isArray(options['scripts']) ? options['scripts'] : [];
    const hasSaxon = scripts.some((s: JsonValue) => typeof s === 'object' && s !== null && !Array.isArray(s) && s['bundleName'] === 'saxon-js');
    options['scripts'] = hasSaxon ? scripts : [...scripts, ...SAXON_SCRIPTS];
    const allowed = Array.isArray(options['allowedCommonJsDependencies']) ? options['allowedCommonJsDependencies'] : [];
    options['allowedCommonJsDependencies'] = [...allowed, ...COMMON_JS_DEPENDENCIES.filter((d) => !allowed.includes(d))];
  });
}
