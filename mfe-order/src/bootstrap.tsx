import { createRoot } from 'react-dom/client';
import { pages } from './pages';

const Order = pages.Order;
createRoot(document.getElementById('root')!).render(<Order host={null as never} />);
