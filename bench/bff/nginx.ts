import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CACHED_URL } from './fixtures.js';
import { startProcess, type Managed } from '../shared/processes.js';

const NGINX = '/usr/sbin/nginx';

export type NginxProbe = { found: true; version: string } | { found: false; reason: string };

export function probeNginx(): NginxProbe {
  if (!existsSync(NGINX)) {
    return { found: false, reason: `${NGINX} not installed (Debian: apt-get install -y nginx-light)` };
  }
  const out = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  const version = `${out.stderr}${out.stdout}`.trim().replace(/^nginx version:\s*/, '');
  return out.status === 0 ? { found: true, version } : { found: false, reason: `${NGINX} -v failed` };
}

/**
 * One worker (one CPU, like each Node contender), no access log (the BFF logs nothing per request
 * at warn), keep-alive toward the upstream, and proxy_cache for the URL the BFF caches too.
 * keepalive_requests is raised so that neither side closes connections Node would keep open.
 */
function config(dir: string, port: number, upstreamPort: number): string {
  const proxy = `proxy_pass http://checkup;
      proxy_http_version 1.1;
      proxy_set_header Connection "";`;
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=bench:1m max_size=16m inactive=10m use_temp_path=off;
  keepalive_requests 1000000;
  upstream checkup {
    server 127.0.0.1:${upstreamPort};
    keepalive 64;
    keepalive_requests 1000000;
  }
  server {
    listen 127.0.0.1:${port};
    location = ${CACHED_URL} {
      ${proxy}
      proxy_cache bench;
      proxy_cache_valid 200 5m;
      add_header x-cache $upstream_cache_status;
    }
    location / {
      ${proxy}
    }
  }
}
`;
}

export async function startNginx(opts: {
  dir: string;
  port: number;
  upstreamPort: number;
  cpus: string | null;
}): Promise<Managed> {
  await mkdir(opts.dir, { recursive: true });
  const file = path.join(opts.dir, 'nginx.conf');
  await writeFile(file, config(opts.dir, opts.port, opts.upstreamPort));
  // -e keeps nginx from opening /var/log/nginx/error.log before it reads the config.
  return startProcess({
    name: 'nginx',
    command: NGINX,
    args: ['-p', opts.dir, '-c', file, '-e', path.join(opts.dir, 'error.log')],
    cpus: opts.cpus,
  });
}
