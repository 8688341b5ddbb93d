"""A picture on one rectangle: a GL texture we write PIL images into, drawn through the current camera."""

from __future__ import annotations

import array

import arcade
from arcade.gl import BufferDescription
from PIL import Image

_VERTEX = """#version 330
uniform WindowBlock { mat4 projection; mat4 view; } window;
in vec2 in_vert;
in vec2 in_uv;
out vec2 v_uv;
void main() {
    gl_Position = window.projection * window.view * vec4(in_vert, 0.0, 1.0);
    v_uv = in_uv;
}
"""
_FRAGMENT = """#version 330
uniform sampler2D tex;
in vec2 v_uv;
out vec4 frag;
void main() { frag = texture(tex, v_uv); }
"""
_PROGRAMS: dict[int, arcade.gl.Program] = {}


def quad_program(ctx: arcade.ArcadeContext) -> arcade.gl.Program:
    """One shared textured-quad shader per GL context."""
    program = _PROGRAMS.get(id(ctx))
    if program is None:
        program = ctx.program(vertex_shader=_VERTEX, fragment_shader=_FRAGMENT)
        program["tex"] = 0
        _PROGRAMS[id(ctx)] = program
    return program


class TexturedQuad:
    """A texture shown on the rectangle (left, bottom, right, top); the image's top row is the top edge."""

    def __init__(self, rect: tuple[float, float, float, float], smooth: bool = True) -> None:
        self.ctx = arcade.get_window().ctx
        self.program = quad_program(self.ctx)
        self.smooth = smooth
        self.texture: arcade.gl.Texture2D | None = None
        self.buffer: arcade.gl.Buffer | None = None
        self.geometry: arcade.gl.Geometry | None = None
        self.rect = rect
        self.set_rect(rect)

    def set_rect(self, rect: tuple[float, float, float, float]) -> None:
        """Move the quad (its vertex buffer is rewritten in place: a re-used quad allocates nothing)."""
        left, bottom, right, top = rect
        self.rect = rect
        data = array.array("f", [left, bottom, 0, 1, right, bottom, 1, 1, left, top, 0, 0, right, top, 1, 0])
        if self.buffer is not None:
            self.buffer.write(data)
            return
        self.buffer = self.ctx.buffer(data=data)
        self.geometry = self.ctx.geometry(
            [BufferDescription(self.buffer, "2f 2f", ["in_vert", "in_uv"])], mode=self.ctx.TRIANGLE_STRIP
        )

    def write(self, image: Image.Image) -> None:
        """Upload an RGB or RGBA image (re-using the texture when the size and format are unchanged)."""
        if image.mode not in ("RGB", "RGBA"):
            image = image.convert("RGBA")
        components = len(image.mode)
        data = image.tobytes()
        if self.texture is None or self.texture.size != image.size or self.texture.components != components:
            if self.texture is not None:
                self.texture.delete()
            self.texture = self.ctx.texture(image.size, components=components, data=data)
            # smooth sampling at an edge must not pull in the opposite edge (seams between baked chunks)
            self.texture.wrap_x = self.texture.wrap_y = self.ctx.CLAMP_TO_EDGE
        else:
            self.texture.write(data)
        ctx = self.ctx
        self.texture.filter = (ctx.LINEAR, ctx.LINEAR) if self.smooth else (ctx.NEAREST, ctx.NEAREST)

    def draw(self, blend: bool = True) -> None:
        if self.texture is None or self.geometry is None:
            return
        ctx = self.ctx
        if not blend:
            ctx.disable(ctx.BLEND)
        else:
            ctx.enable(ctx.BLEND)
            ctx.blend_func = ctx.BLEND_DEFAULT
        self.texture.use(0)
        self.geometry.render(self.program)
        ctx.enable(ctx.BLEND)

    def release(self) -> None:
        if self.texture is not None:
            self.texture.delete()
            self.texture = None
