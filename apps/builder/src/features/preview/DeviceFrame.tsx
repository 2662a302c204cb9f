import { type Ref, useLayoutEffect, useRef, useState } from 'react';
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

/** A page preview at a phone's or a desktop's width, fitted into its box. */
export function DeviceFrame({ device, title, sandbox, src, name, frameRef, className }: DeviceFrameProps) {
  const { boxRef, box } = useBoxSize();
  const layout = deviceFrameLayout(device, box);
  return (
    <div ref={boxRef} className={`device-frame${className ? ` ${className}` : ''}`} data-device={device}>
      <iframe
        ref={frameRef}
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
