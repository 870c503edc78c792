import { createRequire } from 'node:module';
import path from 'node:path';

const swaggerRoot = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Files of the offline API docs page: our own page and initializer, Swagger UI's bundle and styles. */
export const apiDocs = {
  root: swaggerRoot,
  assets: new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']),
  page: `<!doctype html>
<html lang="da">
<head>
  <meta charset="utf-8">
  <title>Fragtbud API</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  <link rel="icon" href="/api/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`,
  initializer: `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`,
};
