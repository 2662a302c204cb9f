import { type Ref, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type DeviceFrameBox, deviceFrameLayout, type PreviewDevice } from './previewDevices';
import './DeviceFrame.css';

interface DeviceFrameProps {
  device: PreviewDevice;
  title: string;
  sandbox: string;
  src?: string;
  /** The frame's name, for a form that targets it (set when the frame is made: a name set later is not). */
  name?: string;
  frameRef?: Ref<HTMLIFrameElement>;
  /** The box's class: it decides the box's size (the frame fills it). */
  className?: string;
}

function useBoxSize() {
  const boxRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<DeviceFrameBox>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { boxRef, box };
}

/**
 * Whether focus is in the framed page. A page of another origin reports no focus events here and matches no
 * :focus-within; what shows is this window losing focus with the frame left as its active element.
 */
function useFocusInside(frameRef: Ref<HTMLIFrameElement> | undefined) {
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [hasFocus, setHasFocus] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => setHasFocus(frame.current !== null && document.activeElement === frame.current);
    const followSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(follow, 0);
    };
    window.addEventListener('blur', followSoon);
    window.addEventListener('focus', follow);
    document.addEventListener('focusin', follow);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('blur', followSoon);
      window.removeEventListener('focus', follow);
      document.removeEventListener('focusin', follow);
    };
  }, []);
  // A new callback each render would hand the frame to frameRef again on every render.
  const setFrame = useCallback(
    (element: HTMLIFrameElement | null) => {
      frame.current = element;
      if (typeof frameRef === 'function') frameRef(element);
      else if (frameRef) frameRef.current = element;
    },
    [frameRef],
  );
  return { hasFocus, setFrame };
}

/** A page preview at a phone's or a desktop's width, fitted into its box. */
export function DeviceFrame({ device, title, sandbox, src, name, frameRef, className }: DeviceFrameProps) {
  const { boxRef, box } = useBoxSize();
  const layout = deviceFrameLayout(device, box);
  const { hasFocus, setFrame } = useFocusInside(frameRef);
  const classes = ['device-frame', hasFocus ? 'device-frame--focused' : '', className ?? ''].filter(Boolean);
  return (
    <div ref={boxRef} className={classes.join(' ')} data-device={device}>
      <iframe
        ref={setFrame}
        name={name}
        title={title}
        sandbox={sandbox}
        src={src}
        className="device-frame__frame"
        style={{
          width: `${layout.width}px`,
          height: layout.height > 0 ? `${layout.height}px` : '100%',
          left: `${layout.left}px`,
          transform: layout.scale < 1 ? `scale(${layout.scale})` : undefined,
        }}
      />
    </div>
  );
}
