import { runStandalone } from '@fragtbud/platform';
import { loadChatConfig } from './config';
import { chatService } from './service';

await runStandalone(chatService, loadChatConfig());
