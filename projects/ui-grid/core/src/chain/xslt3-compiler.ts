import { WrsError } from '../errors';
import { StylesheetSource, gatherStylesheetModules } from './stylesheet-modules';

// Saxonica's xslt3 compiler run as a child process, in Node only: saxon-js 2 has no in-process API that hands out
// the SEF its fn:transform compiles. Node built-ins come through process.getBuiltinModule, so browser bundles that
// import this file never reach node:* modules.

interface NodeProcess {
  getBuiltinModule?: (id: string) => unknown;
  execPath?: string;
}
interface NodeFs {
  mkdtemp(prefix: string): Promise<string>;
  writeFile(file: string, text: string, encoding: 'utf8'): Promise<void>;
  readFile(file: string, encoding: 'utf8'): Promise<string>;
  rm(dir: string, options: { recursive: true; force: true }): Promise<void>;
}
type ExecFile = (file: string, args: string[], done: (error: Error | null, stdout: unknown, stderr: unknown) => void) => unknown;
type NodeRequire = ((id: string) => unknown) & { resolve(id: string): string };

interface Xslt3 {
  readonly proc: Required<NodeProcess>;
  readonly script: string;
}

function nodeProcess(): NodeProcess | undefined {
  return (globalThis as { document?: unknown; process?: NodeProcess }).document ? undefined : (globalThis as { process?: NodeProcess }).process;
}

function xslt3(): Xslt3 | null {
  const proc = nodeProcess();
  const nodeModule = proc?.getBuiltinModule?.('node:module') as { createRequire(from: string): NodeRequire } | undefined;
  if (!nodeModule || !proc?.execPath) return null;
  try {
    return { proc: proc as Required<NodeProcess>, script: nodeModule.createRequire(import.meta.url).resolve('xslt3') };
  } catch {
    return null;
  }
}

/** True in Node with the xslt3 package installed: stylesheets can be compiled to SEF here. */
export function canCompileToSef(): boolean {
  return xslt3() !== null;
}

export interface CompileToSefOptions {
  /** How messages name the stylesheet instead of its file path (a URL, a path relative to a served folder). */
  readonly name?: string;
  /**
   * A relocatable SEF (`-relocate:on`): it holds no file path of the compiling machine, and relative URIs in the
   * stylesheet resolve against where the SEF is run from. For SEFs handed to other machines.
   */
  readonly relocatable?: boolean;
  /** URLs by file name of modules written beside the stylesheet: messages name the URL, not the temporary file. */
  readonly moduleUrls?: ReadonlyMap<string, string>;
}

/**
 * Compiles the stylesheet file `file` (with its xsl:include and xsl:import) to SaxonJS SEF text with xslt3
 * (`xslt3 -xsl:file -export:... -nogo`). A static error rejects with CHAIN_LOAD_FAILED naming the stylesheet and
 * the compiler's message; outside Node or without xslt3 it rejects with CHAIN_LOAD_FAILED too.
 */
export async function compileXsltFileToSef(file: string, options: CompileToSefOptions = {}): Promise<string> {
  const compiler = xslt3();
  const name = options.name ?? file;
  if (!compiler) throw new WrsError('CHAIN_LOAD_FAILED', `Cannot compile ${name}: the xslt3 compiler runs only in Node.js with the xslt3 package`, name);
  const { proc, script } = compiler;
  const fs = proc.getBuiltinModule('node:fs/promises') as NodeFs;
  const os = proc.getBuiltinModule('node:os') as { tmpdir(): string };
  const path = proc.getBuiltinModule('node:path') as { join(...parts: string[]): string; basename(p: string): string };
  const childProcess = proc.getBuiltinModule('node:child_process') as { execFile: ExecFile };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wrs-sef-'));
  const sef = path.join(dir, 'stylesheet.sef.json');
  try {
    const args = [script, `-xsl:${file}`, `-export:${sef}`, '-nogo', ...(options.relocatable ? ['-relocate:on'] : [])];
    const failure = await new Promise<string | null>((resolve) => {
      childProcess.execFile(proc.execPath, args, (error, _out, err) => resolve(error ? String(err || error.message) : null));
    });
    if (failure !== null) {
      throw new WrsError('CHAIN_LOAD_FAILED', `XSLT compile error in ${name}: ${compilerMessage(failure, path.basename(file), name, options.moduleUrls)}`, name);
    }
    return await fs.readFile(sef, 'utf8');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Compiles stylesheet text (written to a temporary file) to SEF text; `name` names it in messages. With `source`
 * (a stylesheet fetched by URL) the modules it includes or imports are fetched through its loader and written
 * beside it, as xslt3 reads modules from files only.
 */
export async function compileXsltTextToSef(text: string, name: string, source?: StylesheetSource): Promise<string> {
  const compiler = xslt3();
  if (!compiler) throw new WrsError('CHAIN_LOAD_FAILED', `Cannot compile ${name}: the xslt3 compiler runs only in Node.js with the xslt3 package`, name);
  const fs = compiler.proc.getBuiltinModule('node:fs/promises') as NodeFs;
  const os = compiler.proc.getBuiltinModule('node:os') as { tmpdir(): string };
  const path = compiler.proc.getBuiltinModule('node:path') as { join(...parts: string[]): string };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wrs-xslt-'));
  const xsl = path.join(dir, 'stylesheet.xsl');
  try {
    const gathered = source ? await gatherStylesheetModules(text, source, name) : { text, modules: [] };
    for (const module of gathered.modules) await fs.writeFile(path.join(dir, module.fileName), module.text, 'utf8');
    await fs.writeFile(xsl, gathered.text, 'utf8');
    return await compileXsltFileToSef(xsl, { name, moduleUrls: new Map(gathered.modules.map((m) => [m.fileName, m.url])) });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** xslt3's error output as one line, the compiled file's path replaced by the stylesheet's name, modules' by their URLs. */
function compilerMessage(output: string, fileName: string, name: string, moduleUrls: ReadonlyMap<string, string> = new Map()): string {
  const escaped = escapeRegExp(fileName);
  let named = output;
  for (const [moduleFile, url] of moduleUrls) named = named.replace(new RegExp(`\\S*/${escapeRegExp(moduleFile)}`, 'g'), url);
  const message = named
    .split('\n')
    .filter((line) => line.trim() && !/^Failed to compile stylesheet/.test(line))
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(new RegExp(` in \\S*${escaped}`, 'g'), '')
    .replace(/^Error /, '')
    .trim();
  return message || `xslt3 could not compile ${name}`;
}
