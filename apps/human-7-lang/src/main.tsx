import { createPortal } from '@cgm-portal/portal';
import { variant } from './variant';

createPortal(variant).mount(document.getElementById('root')!);
