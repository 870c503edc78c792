import { loadConfigOrExit, runStandalone } from '@fragtbud/platform';
import { loadChatConfig } from './config';
import { chatService } from './service';

await runStandalone(chatService, loadConfigOrExit('svc-chat', () => loadChatConfig()));
