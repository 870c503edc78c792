/** The ceiling: bare Koa + @koa/router answering a small JSON on PORT (what no real endpoint can beat on this machine). */
import Router from '@koa/router';
import Koa from 'koa';

const app = new Koa();
const router = new Router();
router.get('/hello', (ctx) => {
  ctx.body = { hello: 'verden' };
});
app.use(router.routes());
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
