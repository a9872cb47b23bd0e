"""A form's click survives a rebuild of its widgets: pygame_gui reports a
press on the frame after the click, and a form may rebuild in between (a
lobby when a player comes back).  Headless (SDL dummy driver)."""

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from client_helpers import make_app  # noqa: E402
from game.client.scene import GuiScene  # noqa: E402


class Form(GuiScene):
    """One button whose text the test may change; presses are counted."""

    def __init__(self, app):
        self.label_text, self.pressed = "Continue", []
        super().__init__(app)

    def build(self) -> None:
        self.button("go", (100, 100, 200, 40), self.label_text)

    def on_gui(self, event) -> None:
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        self.pressed.append(key)


def click_then_rebuild(app, form, change=lambda: None):
    pos = form.buttons["go"].rect.center
    pygame.event.clear()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    change()
    form.resize(app.size)                   # the rebuild between click and press
    app.step(pygame.event.get())


def test_a_press_counts_for_the_button_that_replaced_the_one_clicked():
    app = make_app()
    form = Form(app)
    app.push(form)
    click_then_rebuild(app, form)
    assert form.pressed == ["go"]


def test_a_press_is_dropped_when_the_replacement_offers_something_else():
    app = make_app()
    form = Form(app)
    app.push(form)
    click_then_rebuild(app, form, lambda: setattr(form, "label_text", "Give seat 3 (Cid)"))
    assert form.pressed == []


def test_a_press_is_dropped_when_the_replacement_is_disabled():
    app = make_app()
    form = Form(app)
    app.push(form)
    original_build = form.build
    form.build = lambda: (original_build(), form.buttons["go"].disable())
    click_then_rebuild(app, form)
    assert form.pressed == []
