// Standalone page for developing this remote on its own; inside the product the shell renders ./App.
import '@fragtbud/web/styles.css';
import { mountStandalone } from '@fragtbud/web';
import App from './App';

mountStandalone(App);
