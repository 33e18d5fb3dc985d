// `npm run dev`: the API with reload on change (port 8080) and Vite's dev server with hot reload (port 5173).
import { spawn } from 'node:child_process';

const env = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
const children = [
  spawn('node', ['--watch', '--conditions=source', '--import', 'tsx', 'server/src/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit', env }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && code !== 0 && stop()));
