import { StandaloneLanding } from "./app/landing/standalone-landing.tsx";
import { mount } from "./mount.tsx";

mount(<StandaloneLanding />);
