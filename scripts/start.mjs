// `npm start`: the demo app on the Angular dev server (http://localhost:4200), proxying /WrsServlet to the reference server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const children = [];
// Each child leads a process group of its own, and a signal goes to the whole group: `npx` wraps the real servers,
// which a signal to the wrapper alone left running (holding their ports) when this script was stopped by SIGTERM.
function stop(child, sig) {
  try {
    process.kill(-child.pid, sig);
  } catch {
    // The group is gone already.
  }
}
function run(name, cmd, args) {
  // No stdin: a process group of its own must not read the terminal (it would be stopped by SIGTTIN).
  const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: process.env, detached: true });
  child.on('exit', (code) => {
    console.log(`${name} exited with ${code}`);
    for (const c of children) if (c !== child) stop(c, 'SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}
if (existsSync('projects/wrs-server/src/main.ts')) run('wrs-server', 'npx', ['tsx', 'projects/wrs-server/src/main.ts']);
run('demo-app', 'npx', ['ng', 'serve', 'demo-app', '--host', process.env.HOST ?? 'localhost', '--port', process.env.DEMO_PORT ?? '4200']);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => children.forEach((c) => stop(c, sig)));
