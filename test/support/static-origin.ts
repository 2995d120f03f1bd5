import { type LocalServer, type LocalServerOptions, startLocalServer } from '../../scripts/local/server';

/**
 * The local origin serving a web folder of the test's own, with no API routes and a runtime config
 * whose Cognito is nowhere (127.0.0.1:9) and no server render (the pages are the folder's files,
 * whatever `web/dist-ssr` holds): the origin's static delivery (and, with `images`, its /images/*)
 * alone.
 */
export function startStaticOrigin(
  webDir: string,
  more: Partial<Omit<LocalServerOptions, 'webDir'>> = {},
): Promise<LocalServer> {
  return startLocalServer({
    port: 0,
    host: '127.0.0.1',
    routes: [],
    connectSrc: [],
    webDir,
    renderModule: null,
    quiet: true,
    runtimeConfig: {
      stage: 'local',
      apiBaseUrl: '',
      auth: {
        userPoolId: 'local_pool',
        userPoolClientId: 'client',
        region: 'us-east-1',
        userPoolEndpoint: 'http://127.0.0.1:9',
      },
    },
    ...more,
  });
}
