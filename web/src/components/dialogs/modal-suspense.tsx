import { Center, Loader, Overlay } from "@mantine/core";
import { type ReactNode, Suspense } from "react";

/**
 * Around a modal whose code loads when it first opens: until it has, a spinner over the screen,
 * so the click visibly did something; afterwards the modal opens at once.
 */
export function ModalSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Overlay fixed backgroundOpacity={0.2} zIndex={300}>
          <Center h="100%">
            <Loader aria-label="Loading" />
          </Center>
        </Overlay>
      }
    >
      {children}
    </Suspense>
  );
}
