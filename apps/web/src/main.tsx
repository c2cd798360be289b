import { App } from "./app/app.tsx";
import { mount } from "./mount.tsx";

mount(<App />);
