import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { compileXsltFileToSef, errorMessage } from 'ngx-wrs-grid/core';
import { HttpError, badRequest } from './http-error';
import { fileStamp, stylesheetSources } from './stylesheet-sources';

/** A stylesheet of the folder, named by its path below the folder (`reports/by-country.xslt`). */
interface Stylesheet {
  readonly name: string;
  readonly file: string;
}

interface CompiledEntry {
  /**
   * Each file the compile reads (the stylesheet and its includes and imports, recursively) with its mtime, size and
   * inode before the compile started: a change of any of them compiles again.
   */
  readonly sources: Promise<ReadonlyMap<string, string>>;
  readonly sef: Promise<string>;
}

const STYLESHEET_NAME = /\.xslt?$/i;
const SEF_SUFFIX = '.sef.json';

/**
 * The app's stylesheets, served from one folder of the server: their text, and their compiled form (SaxonJS SEF,
 * compiled by Saxonica's xslt3 on the first request and kept while neither the file nor a file it includes or imports
 * changes). Only `.xsl`/`.xslt` files whose real path lies inside the folder are read or compiled, and only includes
 * and imports inside the folder are followed; never text sent by a client.
 */
export class StylesheetFolder {
  private readonly compiled = new Map<string, CompiledEntry>();
  private compileCount = 0;
  private root: Promise<string> | null = null;

  constructor(readonly dir: string) {}

  /** How many compiles this folder started (a cache hit or a request joining a running compile adds none). */
  get compilations(): number {
    return this.compileCount;
  }

  /** The stylesheet's text, for `GET /xslt/<path>`. */
  async text(path: string): Promise<string> {
    const stylesheet = await this.find(path);
    return readFile(stylesheet.file, 'utf8');
  }

  /**
   * The stylesheet's SEF (JSON text), for `GET /xslt/<path>.sef.json`: compiled once per file version; requests
   * arriving while it compiles share that compile. A static error is a 500 naming the stylesheet and the error.
   */
  async sef(path: string): Promise<string> {
    const stylesheet = await this.find(path);
    const cached = this.compiled.get(stylesheet.file);
    let entry = cached && (await this.isCurrent(cached)) ? cached : undefined;
    // While this request checked, another may already have started the new compile: join it.
    entry ??= this.compiled.get(stylesheet.file) !== cached ? this.compiled.get(stylesheet.file) : undefined;
    entry ??= this.compile(stylesheet);
    try {
      return await entry.sef;
    } catch (e) {
      throw e instanceof HttpError ? e : new HttpError(500, errorMessage(e));
    }
  }

  /** Whether no file of a compile changed since it started (a compile still reading its files counts as current). */
  private async isCurrent(entry: CompiledEntry): Promise<boolean> {
    const sources = await entry.sources.catch(() => null);
    if (!sources) return false;
    const stamps = await Promise.all([...sources].map(async ([file, stamp]) => stamp === (await fileStamp(file))));
    return stamps.every(Boolean);
  }

  private compile(stylesheet: Stylesheet): CompiledEntry {
    this.compileCount++;
    const sources = this.realRoot().then((root) => stylesheetSources(stylesheet.file, stylesheet.name, root));
    const sef = sources.then(() => compileXsltFileToSef(stylesheet.file, { name: stylesheet.name, relocatable: true }));
    const created: CompiledEntry = { sources, sef };
    // A failed compile is not kept: the next request tries again (the file may have been fixed in the same second).
    sef.catch(() => this.compiled.get(stylesheet.file) === created && this.compiled.delete(stylesheet.file));
    this.compiled.set(stylesheet.file, created);
    return created;
  }

  /** Whether a request path below `/xslt/` asks for the compiled form; `path` is what follows `/xslt/`. */
  static isSefRequest(path: string): boolean {
    return path.endsWith(SEF_SUFFIX);
  }

  /** The path of the stylesheet a `.sef.json` request names. */
  static stylesheetPathOf(sefPath: string): string {
    return sefPath.slice(0, -SEF_SUFFIX.length);
  }

  /**
   * The file for a request path (still percent-encoded): 400 for a path that could leave the folder or names no
   * stylesheet (`..`, `.` or empty segments, encoded slashes, NUL, hidden files, other extensions), 404 when the file
   * does not exist or its real path (symbolic links followed) is outside the folder.
   */
  private async find(path: string): Promise<Stylesheet> {
    const segments = path.split('/').map((raw) => {
      let segment: string;
      try {
        segment = decodeURIComponent(raw);
      } catch {
        throw badRequest(`The stylesheet path "${path}" is not valid percent-encoding`);
      }
      if (segment === '' || segment.startsWith('.') || /[\\/\0:]/.test(segment)) {
        throw badRequest(`The stylesheet path "${path}" is refused: use plain names below the stylesheet folder`);
      }
      return segment;
    });
    const name = segments.join('/');
    if (!STYLESHEET_NAME.test(name)) throw badRequest(`Only .xsl and .xslt stylesheets are served, not "${name}"`);
    const root = await this.realRoot();
    let file: string;
    try {
      file = await realpath(join(root, ...segments));
    } catch {
      throw new HttpError(404, `No stylesheet ${name}`);
    }
    if (!file.startsWith(root + sep) || !(await stat(file)).isFile()) throw new HttpError(404, `No stylesheet ${name}`);
    return { name, file };
  }

  private realRoot(): Promise<string> {
    this.root ??= realpath(this.dir).catch(() => {
      this.root = null;
      throw new HttpError(404, 'The server has no stylesheet folder');
    });
    return this.root;
  }
}
