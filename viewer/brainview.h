/* brainview.h — the brain panel of the live viewer: every lobe as a grid of
 * neurons at its place on the 64x48 brain grid, coloured by output or
 * state, lobe names with their winners, the decision cells' action names,
 * and a hovered or pinned neuron's dendrites and tooltip. Used by frame.c. */
#ifndef C2_VIEWER_BRAINVIEW_H
#define C2_VIEWER_BRAINVIEW_H

#include <stdbool.h>

#include <SDL2/SDL.h>

#include "brain/brain.h"
#include "viewer/frame.h"

/* The brain grid of the engine (reference §4.1). */
enum { VIEW_GRID_W = 64, VIEW_GRID_H = 48 };

/* Grid geometry for a w x h panel: the neuron size in pixels (fractional),
 * the width kept right of the grid for the decision names (0: none — a
 * small panel, whose names go left of the decision column) and the height
 * above the grid (header and top labels). */
double view_brain_geometry(int w, int h, const view_fonts *f, int *names_w, int *top);

/* Draw the panel into fr->brain_r and record the grid geometry in fr
 * (grid_x, grid_y, cell). */
void view_brain_draw(SDL_Surface *dst, view_frame *fr, const brain *b);

/* The neuron under the mouse (or the pinned one when the mouse is over no
 * neuron): its dendrites as lines to their sources, and a tooltip with its
 * state, output and strongest dendrites. Drawn over everything else. */
void view_brain_overlay(SDL_Surface *dst, view_frame *fr, const brain *b);

/* The neuron at pixel (x, y) by fr's last geometry (the topmost lobe when
 * lobes overlap). */
bool view_brain_neuron_at(const view_frame *fr, const brain *b, int x, int y, int *lobe,
                          int *cell);

#endif
