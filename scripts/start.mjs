// `npm start`: the demo app on the Angular dev server (http://localhost:4200), proxying /WrsServlet to the reference server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const children = [];
function run(name, cmd, args) {
  const child = spawn(cmd, args, { stdio: 'inherit', env: process.env });
  child.on('exit', (code) => {
    console.log(`${name} exited with ${code}`);
    for (const c of children) if (c !== child) c.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}
if (existsSync('projects/wrs-server/src/main.ts')) run('wrs-server', 'npx', ['tsx', 'projects/wrs-server/src/main.ts']);
run('demo-app', 'npx', ['ng', 'serve', 'demo-app', '--host', process.env.HOST ?? 'localhost', '--port', process.env.DEMO_PORT ?? '4200']);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => children.forEach((c) => c.kill(sig)));
