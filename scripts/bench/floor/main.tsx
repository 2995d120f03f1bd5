/** The floor page in the browser: hydrates the server's HTML with the server's state, as main.tsx does. */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { RENDER_STATE_ID } from '#shared/pages';
import { applyServerStyles } from '@/lib/server-styles';
import { Floor, type FloorState } from './floor';
import '@/styles/global.css';

const container = document.getElementById('root')!;
applyServerStyles(container);
const state = JSON.parse(document.getElementById(RENDER_STATE_ID)?.textContent ?? '') as FloorState;
startTransition(() => {
  hydrateRoot(container, <Floor Router={BrowserRouter} state={state} />, {
    onRecoverableError: (error) => console.error('[hydration]', error),
  });
});
