import { afterNextPaint } from '@/lib/popup/next-paint';
// The styles stay here, in the page's head: the first screen painted below is styled.
import '@/components/theme.css';
import '@/components/popup/popup.css';

// Test builds mark the time to first render (window.__voxlateFirstRender) for the benchmark.
if (__VOXLATE_TEST_HOOKS__) performance.mark('voxlate:main');
// When popup-paint.js put the last first screen on the page, the browser paints it before React
// and the app are even evaluated (they take longer than the paint); React then takes it over.
const root = document.getElementById('root')!;
const painted = root.hasChildNodes();
// Test builds keep the elements on the page before the app ran (Firefox's check looks at them).
if (__VOXLATE_TEST_HOOKS__) window.__voxlateBeforeApp = [...root.querySelectorAll('*')];
void (painted ? afterNextPaint() : Promise.resolve()).then(() => import('./start'));
