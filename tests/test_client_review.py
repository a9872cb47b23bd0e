"""The game review on the end screen and in the replay viewer: shown, drawn
at both sizes in both languages, its chart saved as a PNG (or a message
when it cannot be), the chart seeking the replay."""

import os

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app, draw  # noqa: E402
from game import saves  # noqa: E402
from game.client.controller import HotseatController  # noqa: E402
from game.client.scenes.end import EndScene  # noqa: E402
from game.client.scenes.replay import open_file  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

SAVES = os.path.join(os.path.dirname(__file__), "data", "saves")
FINISHED = os.path.join(SAVES, "hotseat-ck-finished.kolonisten")
UNFINISHED = os.path.join(SAVES, "hotseat-ck-unfinished.kolonisten")



def end_scene(app, computers=None):
    game = saves.load(FINISHED)
    auth = saves.restore(game)
    c = HotseatController(auth.config, ["Anna", "Bram", "Cees"], [(200, 40, 40), (40, 90, 200), (240, 240, 240)],
                          auth=auth, computers=computers)
    scene = EndScene(app, c, 600.0)
    app.push(scene)
    return scene


@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((1920, 1080), "nl")])
@pytest.mark.slow
def test_the_end_screen_opens_the_review_and_saves_its_chart(saves_folder, size, lang):
    app = make_app(size, lang)
    scene = end_scene(app)
    assert draw(app)
    assert "review" in scene.targets() and "save_png" not in scene.targets()
    scene.toggle_review()
    assert draw(app)
    assert scene.reviewing and "save_png" in scene.targets()
    assert scene.review_view.r["series"][-1][scene.summary["winner"]] == 1.0
    scene.save_chart()
    note, _ = scene.saved_note
    pngs = [n for n in os.listdir(saves_folder) if n.endswith(".png")]
    assert len(pngs) == 1 and pngs[0] in note
    img = pygame.image.load(os.path.join(saves_folder, pngs[0]))
    assert img.get_width() > 600
    scene.toggle_review()
    assert not scene.reviewing and "save_png" not in scene.targets()


@pytest.mark.parametrize("size,lang", [((1280, 720), "nl"), ((1920, 1080), "en")])
@pytest.mark.slow
def test_the_review_checks_the_persons_decisions_frame_by_frame_and_says_so(saves_folder, monkeypatch, size, lang):
    import functools

    from game.bots.review import ChoiceCheck
    from game.client import reviewview
    from game.client.scenes import end

    monkeypatch.setattr(end, "ChoiceCheck", functools.partial(ChoiceCheck, budget=2, rounds=4))
    said = []
    real_tr = reviewview.tr
    monkeypatch.setattr(reviewview, "tr", lambda key, **kw: said.append(key) or real_tr(key, **kw))
    app = make_app(size, lang)
    scene = end_scene(app, computers=[None, "medium", "medium"])
    scene.toggle_review()
    assert scene.review_view.check.people == [0]      # only the person's decisions
    draw(app)
    assert scene.busy() and {"review.better_checking", "review.better_finding"} & set(said)
    for _ in range(2000):
        if not scene.busy():
            break
        app.step([])
    assert not scene.busy() and scene.review_view.check.done
    said.clear()
    draw(app)
    assert "review.better" in said and not {"review.better_checking", "review.better_finding"} & set(said)
    assert scene.review_view.check.result()["0"]["checked"] == 2


def test_a_chart_that_cannot_be_written_says_why(saves_folder, monkeypatch, tmp_path):
    app = make_app()
    scene = end_scene(app)
    scene.toggle_review()
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(saves, "saves_dir", lambda: str(blocker))
    scene.save_chart()
    note, _ = scene.saved_note
    assert note.startswith("The chart could not be saved")
    assert draw(app)
@pytest.mark.slow
def test_the_replay_viewer_shows_the_review_of_a_finished_game_and_seeks_by_the_chart(saves_folder):
    app = make_app((1920, 1080), "en")
    replay = open_file(app, FINISHED)
    app.push(replay)
    assert draw(app)
    replay.key(pygame.K_g)
    assert replay.reviewing
    assert draw(app)
    plot = replay.review_view.chart_rect
    at = (plot.x + plot.w // 2, plot.centery)
    replay.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at))
    assert abs(replay.m.pos - replay.m.length // 2) <= 2
    assert draw(app)
    replay.key(pygame.K_g)
    assert not replay.reviewing


def test_an_unfinished_game_has_no_review_in_the_replay(saves_folder):
    app = make_app()
    replay = open_file(app, UNFINISHED)
    app.push(replay)
    replay.key(pygame.K_g)
    assert not replay.reviewing and replay.review_view is None
    assert draw(app)

class _Blits(pygame.Surface):
    """A surface that remembers where every picture was put on it."""

    def __init__(self, size):
        super().__init__(size)
        self.rects = []

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        self.rects.append(rect)
        return rect


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_long_name_on_the_end_screen_ends_before_the_points_columns(size):
    app = make_app(size)
    scene = end_scene(app)
    long_name = "Bartholomeus van der Westerschelde (computer, Medium)"
    scene.c.names[1] = long_name
    surf = _Blits(size)
    scene.draw_scores(surf)
    s = app.scale
    table_x = int(40 * s)
    name_x = int(table_x + 30 * s)
    names = [r for r in surf.rects if r.x == name_x]
    assert len(names) == 4                  # the long name on two lines, the others on one
    first_column = table_x + 180 * s        # where the first column of figures begins
    assert all(r.right <= first_column for r in names), [r.right for r in names]
    scene.summary["winner"] = 1             # the title names the long name, within the window
    surf = _Blits(size)
    scene.draw_scores(surf)
    assert all(0 <= r.x and r.right <= size[0] for r in surf.rects)


def _labels_outside(rects, plot):
    """The pictures put outside the plot (its labels, the legend, the heading)."""
    return [r for r in rects if not plot.inflate(2, 2).collidepoint(r.center)]


@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", [((1280, 720), "en"), ((1920, 1080), "nl"),
                                                         ((1280, 720), "nl"), ((1920, 1080), "en")]))
def test_the_chart_has_a_legend_and_no_label_collides_or_leaves_its_panel(monkeypatch, size, lang):
    from game.client import reviewview
    app = make_app(size, lang)
    scene = end_scene(app)
    scene.toggle_review()
    view = scene.review_view
    labels = []
    real_fit = reviewview.widgets.fit_label
    monkeypatch.setattr(reviewview.widgets, "fit_label",
                        lambda text, label, *a, **kw: labels.append(label) or real_fit(text, label, *a, **kw))
    drawn_marks = []
    real_mark = reviewview.draw_emblem
    monkeypatch.setattr(reviewview, "draw_emblem", lambda surf, seat, *a: drawn_marks.append(seat) or real_mark(surf, seat, *a))
    s = app.scale
    for surf, rect in ((_Blits(size), pygame.Rect(int(24 * s), int(54 * s), size[0] - int(48 * s), int(size[1] * 0.36))),
                       (_Blits(view.chart_size()), None)):
        labels.clear()
        drawn_marks.clear()
        if rect is None:            # the saved PNG
            view.chart_surface(surf)
            panel = pygame.Rect(0, 0, *view.chart_size()).inflate(-int(20 * s), -int(20 * s))
            panel.h = int(panel.h * 0.68)
        else:
            view.draw_chart(surf, rect, s)
            panel = rect
        plot = view.chart_rect
        outside = [r for r in _labels_outside(surf.rects, plot) if r.colliderect(panel)]
        assert len(outside) >= 5 + 3 + 3 + 1            # percent, turn numbers, legend, heading
        for i, a in enumerate(outside):
            assert panel.contains(a), (a, panel)
            for b in outside[i + 1:]:
                assert not a.colliderect(b), (a, b)
        for seat, name in enumerate(scene.c.names):
            assert any(label.startswith(name + " · ") for label in labels)      # name and final chance
            assert drawn_marks.count(seat) >= 2             # its marker on the line and in the legend
        assert len(set(drawn_marks)) == len(scene.c.names)


def test_the_end_screens_points_table_shows_points_in_every_column():
    from game.client.scenes.end import game_summary
    for path in (FINISHED, os.path.join(SAVES, "hotseat-base-finished.kolonisten")):
        game = saves.load(path)
        auth = saves.restore(game)
        c = HotseatController(auth.config, ["A", "B", "C"], [(200, 40, 40), (40, 90, 200), (240, 240, 240)],
                              auth=auth)
        summary = game_summary(c)
        cols = summary["columns"]
        assert cols[-1] == "total"
        for row in summary["rows"]:
            assert sum(row[col] for col in cols[:-1]) == row["total"], row
        assert max(row["total"] for row in summary["rows"]) >= auth.state.config["vp_target"]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_replays_chart_saved_line_covers_no_panel(saves_folder, size):
    app = make_app(size, "nl")
    replay = open_file(app, FINISHED)
    app.push(replay)
    replay.key(pygame.K_g)
    replay.review_note = ("Grafiek opgeslagen als " + "/een/heel/lang/pad" * 12 + ".png", (255, 255, 255))
    surf = _Blits(size)
    replay._draw_review(surf)
    note = surf.rects[-1]
    L = replay.layout
    assert not note.colliderect(L.review_area) and L.note_line.contains(note)
    assert not L.note_line.colliderect(L.bar)


def test_a_swing_is_told_whole_where_the_panel_has_room_and_in_two_lines_where_not(monkeypatch):
    """A roll's swing names what each player got: three lines at 1280×720
    in C&K; the swings' panel shows each whole when all fit, else two lines
    of each, never past its bottom."""
    from game.client import reviewview
    app = make_app((1280, 720))
    scene = end_scene(app)
    scene.toggle_review()
    view = scene.review_view
    long_line = " ".join(["Cees 3 grain; Anna 2 grain; Dirk 2 grain"] * 3)
    monkeypatch.setattr(reviewview, "swing_line", lambda swing, names: long_line)
    said = []
    real_render = app.text.render
    monkeypatch.setattr(app.text, "render", lambda line, *a, **kw: said.append(line) or real_render(line, *a, **kw))
    s = app.scale
    font = app.fonts.get(13)
    for height, whole in ((640, True), (200, False)):
        rect = pygame.Rect(0, 0, int(420 * s), int(height * s))
        lines = reviewview.widgets.wrap(long_line, font, int(rect.w - 44 * s))
        assert len(lines) >= 3
        said.clear()
        surf = _Blits((rect.w, rect.h))
        view.draw_swings(surf, rect, s)
        told = [line for line in said if line in lines]
        assert (len(told) == len(lines) * len(view.r["swings"])) == whole
        assert all(rect.contains(r) for r in surf.rects)
        if not whole:
            assert told[:2] == lines[:2] and lines[2] not in told
