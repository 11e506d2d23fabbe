/* bodyview.h — the body panel of the live viewer: the creature's body in
 * 3D, drawn in software on the frame's surface (no GL): every geom as
 * flat-shaded polygons sorted far to near, f0 sticks as prisms tinted by
 * their muscles, a grid on the ground, seen from a camera that follows the
 * body's centre of mass and that the mouse turns (drag) and zooms (wheel).
 * Used by frame.c; the same drawing renders headless. */
#ifndef C2_VIEWER_BODYVIEW_H
#define C2_VIEWER_BODYVIEW_H

#include <stdbool.h>

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

#include "body/body.h"
#include "body/sim.h"

typedef struct view_body_cam {
	double yaw, pitch; /* radians: around "up", then above the horizon */
	double zoom;       /* 1: the body spans about half the panel */
	bool wire;         /* wireframe instead of shaded polygons */
} view_body_cam;

/* A three-quarter view from above, zoom 1, shaded. */
void view_body_cam_default(view_body_cam *cam);
/* Turn the camera by a mouse drag of (dx, dy) pixels; zoom by wheel steps
 * (positive: closer). */
void view_body_cam_drag(view_body_cam *cam, int dx, int dy);
void view_body_cam_zoom(view_body_cam *cam, int steps);

/* Draw the body of model m simulated by s into r of dst (32 bits per pixel,
 * not locked), with a title line in `font` (may be NULL). */
void view_body_draw(SDL_Surface *dst, const SDL_Rect *r, const view_body_cam *cam,
                    const body_model *m, const body_sim *s, TTF_Font *font, const char *title);

#endif
