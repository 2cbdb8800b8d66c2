// The nginx configuration of a cluster: deploy/nginx.conf (the production site file) with its
// {{…}} values filled in, and, for a trial run by an unprivileged or throwaway nginx, a main
// file that keeps its pid, logs and temporary files in one directory and includes the site.

export interface SiteValues {
  /** `host:port` of every instance */
  instances: readonly string[];
  /** what `listen` takes: `127.0.0.1:8080`, `80` */
  listen: string;
  serverName: string;
  /** absolute path of build/client */
  clientDir: string;
  /** absolute path of MEDIA_DIR */
  mediaDir: string;
  /** absolute directory for the access log */
  logDir: string;
  /** whether the brotli filter module is loaded; without it the `brotli…` lines are left out */
  brotli: boolean;
}

/** nginx would need quotes (and we escaping) for anything else in a path; such paths are refused. */
const PLAIN_PATH = /^\/[A-Za-z0-9_./@+-]*$/;

function plainPath(name: string, value: string): string {
  if (!PLAIN_PATH.test(value)) {
    throw new Error(`${name} must be an absolute path of letters, digits and _ . / @ + - for nginx: ${value}`);
  }
  return value.replace(/\/+$/, "") || "/";
}

/** deploy/nginx.conf with the values in; comment lines stay as they are. */
export function renderSite(template: string, values: SiteValues): string {
  if (!values.instances.length) throw new Error("a cluster needs at least one instance");
  const fill: Record<string, string> = {
    upstream_servers: values.instances.map((address) => `    server ${address} max_fails=2 fail_timeout=5s;`).join("\n"),
    listen: values.listen,
    server_name: values.serverName,
    client_dir: plainPath("the build directory", values.clientDir),
    media_dir: plainPath("MEDIA_DIR", values.mediaDir),
    log_dir: plainPath("the log directory", values.logDir),
  };
  const out: string[] = [];
  for (const line of template.split("\n")) {
    if (line.trimStart().startsWith("#")) {
      out.push(line);
      continue;
    }
    if (!values.brotli && /^\s*brotli(_\w+)?\s/.test(line)) continue;
    out.push(
      line.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
        const value = fill[name];
        if (value === undefined) throw new Error(`deploy/nginx.conf has an unknown value {{${name}}}`);
        return value;
      }),
    );
  }
  return out.join("\n");
}

export interface TrialMainValues {
  /** the nginx prefix directory: pid, error log and temporary files go here */
  dir: string;
  /** the rendered site file */
  sitePath: string;
  /** `user` for the workers when the master runs as root (they must read build/ and MEDIA_DIR) */
  user?: { name: string; group: string };
  /** the brotli filter module's .so, when installed */
  brotliModule?: string;
  /** Debian's mime.types */
  mimeTypes: string;
}

/** The main file `nginx -p <dir> -c <dir>/nginx.conf -g 'daemon off;'` runs with. */
export function renderTrialMain(v: TrialMainValues): string {
  const dir = plainPath("the nginx directory", v.dir);
  return [
    "# A loopback trial of deploy/nginx.conf, written by `npm run cluster`; deleted when it stops.",
    ...(v.user ? [`user ${v.user.name} ${v.user.group};`] : []),
    "worker_processes 2;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    ...(v.brotliModule ? [`load_module ${plainPath("the brotli module", v.brotliModule)};`] : []),
    "events {",
    "    worker_connections 1024;",
    "}",
    "http {",
    `    include ${plainPath("mime.types", v.mimeTypes)};`,
    "    default_type application/octet-stream;",
    "    sendfile on;",
    "    tcp_nopush on;",
    `    client_body_temp_path ${dir}/client_body;`,
    `    proxy_temp_path ${dir}/proxy;`,
    `    fastcgi_temp_path ${dir}/fastcgi;`,
    `    uwsgi_temp_path ${dir}/uwsgi;`,
    `    scgi_temp_path ${dir}/scgi;`,
    `    include ${plainPath("the site file", v.sitePath)};`,
    "}",
    "",
  ].join("\n");
}
