//! A small fully connected network in plain Rust: inputs, one sigmoid hidden layer, and
//! up to [`MAX_OUTPUTS`] sigmoid outputs (Long Nardy's have [`OUTPUTS`]), all `f32`.
//!
//! Evaluation allocates nothing: the hidden layer lives on the stack (at most
//! [`MAX_HIDDEN`] units) and the first layer adds one weight row per non-zero input, so
//! the sparse board encodings cost far less than a dense product.
//!
//! Training minimises the cross-entropy between each output and its target in `[0, 1]`;
//! [`Network::learn`] takes one step against its gradient, touching only the rows of
//! non-zero inputs. The tests check it against the plain steps, built for them only:
//! `Network::accumulate_gradient` adds that loss's gradient into a `Gradient`, and
//! `Network::descend` takes a step against it.

use crate::core::SeededDice;

/// Outputs of a network [`Network::random`] makes: Long Nardy's five outcome chances
/// (its head is declared in `src/games/nardy/net.rs`).
pub const OUTPUTS: usize = 5;
/// The most outputs a network may have: one per seat of the largest game (six), and
/// Long Nardy's five.
pub const MAX_OUTPUTS: usize = crate::core::MAX_NET_OUTPUTS;
/// The most hidden units a network may have (the stack buffer's size).
pub const MAX_HIDDEN: usize = 512;
/// Hidden sums kept in registers at once by [`Network::forward`].
const BLOCK: usize = 16;
/// The most inputs [`Network::forward`] finds the non-zero ones of with bit masks (more
/// take the plain product).
const MAX_MASKED_INPUTS: usize = 1024;

/// The weights of one network.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    inputs: usize,
    hidden: usize,
    outputs: usize,
    /// First layer, one row of `hidden` weights per input (input-major), so a non-zero
    /// input adds one contiguous row.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Second layer, one row of `hidden` weights per output.
    w2: Vec<f32>,
    b2: Vec<f32>,
}

/// The derivative of the loss with respect to every weight, shaped like a [`Network`].
#[cfg(test)]
#[derive(Clone, Debug)]
pub struct Gradient {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

/// Applies `step` to every parameter of `params` (w1, b1, w2, b2) with the matching
/// entry of `gradient`.
#[cfg(test)]
fn each_pair(params: [&mut [f32]; 4], gradient: &Gradient, step: impl Fn(&mut f32, f32)) {
    let theirs = [
        &gradient.w1[..],
        &gradient.b1[..],
        &gradient.w2[..],
        &gradient.b2[..],
    ];
    for (mine, theirs) in params.into_iter().zip(theirs) {
        for (a, &b) in mine.iter_mut().zip(theirs) {
            step(a, b);
        }
    }
}

/// Calls `f` with the index of every set bit of `masks` (bit `b` of word `w` is index
/// `64 * w + b`), in increasing order.
#[inline(always)]
fn for_each_bit(masks: &[u64], mut f: impl FnMut(usize)) {
    for (word, &mask) in masks.iter().enumerate() {
        let mut rest = mask;
        while rest != 0 {
            f(64 * word + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Network {
    /// A network with `inputs` inputs, `hidden` hidden units (1 to [`MAX_HIDDEN`]) and
    /// Long Nardy's [`OUTPUTS`] outputs, its weights drawn small and uniform from `seed`.
    #[cfg(test)]
    pub fn random(inputs: usize, hidden: usize, seed: u64) -> Network {
        Network::random_with_outputs(inputs, hidden, OUTPUTS, seed)
    }

    /// A network with `outputs` outputs (1 to [`MAX_OUTPUTS`]), otherwise as
    /// [`Network::random`].
    pub fn random_with_outputs(inputs: usize, hidden: usize, outputs: usize, seed: u64) -> Network {
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let outputs = outputs.clamp(1, MAX_OUTPUTS);
        let mut rng = SeededDice::new(seed);
        let mut draw = |scale: f32| {
            let unit = rng.below(1 << 24) as f32 / (1 << 24) as f32;
            (2.0 * unit - 1.0) * scale
        };
        let first_scale = 1.0 / (inputs as f32).sqrt();
        let second_scale = 1.0 / (hidden as f32).sqrt();
        Network {
            inputs,
            hidden,
            outputs,
            w1: (0..inputs * hidden).map(|_| draw(first_scale)).collect(),
            b1: vec![0.0; hidden],
            w2: (0..outputs * hidden).map(|_| draw(second_scale)).collect(),
            b2: vec![0.0; outputs],
        }
    }

    /// Builds a network from its layers; `None` if the sizes do not fit together.
    pub(crate) fn from_parts(
        inputs: usize,
        hidden: usize,
        w1: Vec<f32>,
        b1: Vec<f32>,
        w2: Vec<f32>,
        b2: Vec<f32>,
    ) -> Option<Network> {
        let outputs = b2.len();
        let fits = (1..=MAX_HIDDEN).contains(&hidden)
            && (1..=MAX_OUTPUTS).contains(&outputs)
            && w1.len() == inputs * hidden
            && b1.len() == hidden
            && w2.len() == outputs * hidden;
        fits.then_some(Network {
            inputs,
            hidden,
            outputs,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// The layers in file order: first-layer weights, first-layer biases, second-layer
    /// weights, output biases.
    pub(crate) fn parts(&self) -> [&[f32]; 4] {
        [&self.w1, &self.b1, &self.w2, &self.b2]
    }

    /// How many inputs the network reads.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// How many hidden units it has.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// How many outputs it gives.
    pub fn outputs(&self) -> usize {
        self.outputs
    }

    /// A zero gradient shaped like this network.
    #[cfg(test)]
    pub fn zero_gradient(&self) -> Gradient {
        Gradient {
            w1: vec![0.0; self.w1.len()],
            b1: vec![0.0; self.b1.len()],
            w2: vec![0.0; self.w2.len()],
            b2: vec![0.0; self.b2.len()],
        }
    }

    /// Long Nardy's [`OUTPUTS`] outputs for `x` (which must hold [`Network::inputs`]
    /// numbers); outputs the network does not have are zero.
    pub fn evaluate(&self, x: &[f32]) -> [f32; OUTPUTS] {
        let all = self.evaluate_all(x);
        let mut out = [0.0; OUTPUTS];
        out.copy_from_slice(&all[..OUTPUTS]);
        out
    }

    /// Every output for `x`, the first [`Network::outputs`] of the array (the rest zero).
    pub fn evaluate_all(&self, x: &[f32]) -> [f32; MAX_OUTPUTS] {
        let mut hidden = [0.0f32; MAX_HIDDEN];
        self.forward(x, &mut hidden[..self.hidden])
    }

    /// Runs the network, leaving the hidden activations in `hidden`.
    ///
    /// Every sum is taken in the same order as the plain loops would (each hidden unit
    /// adds its non-zero inputs in input order; each output adds its hidden units in
    /// order), so the values are bit-identical to the textbook product; the speed comes
    /// from keeping a block of hidden sums, and all the output sums, in registers, and
    /// from the wider AVX registers where the processor has them (AVX without FMA rounds
    /// exactly as SSE does).
    fn forward(&self, x: &[f32], hidden: &mut [f32]) -> [f32; MAX_OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the processor has just been found to support AVX.
            return unsafe { self.forward_avx(x, hidden) };
        }
        self.forward_body(x, hidden)
    }

    /// [`Network::forward_body`] compiled for AVX.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    fn forward_avx(&self, x: &[f32], hidden: &mut [f32]) -> [f32; MAX_OUTPUTS] {
        self.forward_body(x, hidden)
    }

    /// The forward pass itself, see [`Network::forward`].
    #[inline(always)]
    fn forward_body(&self, x: &[f32], hidden: &mut [f32]) -> [f32; MAX_OUTPUTS] {
        hidden.copy_from_slice(&self.b1);
        let x = &x[..self.inputs];
        if x.len() > MAX_MASKED_INPUTS {
            self.add_rows_dense(hidden, x);
        } else {
            // One bit per non-zero input, found without a branch per input.
            let mut masks = [0u64; MAX_MASKED_INPUTS / 64];
            for (mask, chunk) in masks.iter_mut().zip(x.chunks(64)) {
                for (bit, &v) in chunk.iter().enumerate() {
                    *mask |= u64::from(v != 0.0) << bit;
                }
            }
            self.add_rows(hidden, x, &masks[..x.len().div_ceil(64)]);
        }
        for unit in hidden.iter_mut() {
            *unit = sigmoid(*unit);
        }
        let dots = match self.outputs {
            1 => self.output_sums::<1>(hidden),
            2 => self.output_sums::<2>(hidden),
            3 => self.output_sums::<3>(hidden),
            4 => self.output_sums::<4>(hidden),
            5 => self.output_sums::<5>(hidden),
            6 => self.output_sums::<6>(hidden),
            7 => self.output_sums::<7>(hidden),
            _ => self.output_sums::<MAX_OUTPUTS>(hidden),
        };
        let mut out = [0.0f32; MAX_OUTPUTS];
        for (k, o) in out.iter_mut().enumerate().take(self.outputs) {
            *o = sigmoid(self.b2[k] + dots[k]);
        }
        out
    }

    /// Adds `x[i]` times first-layer row `i` into `hidden` for every input `i` whose bit
    /// is set in `masks`, in input order, a block of hidden sums at a time held in
    /// registers.
    #[inline(always)]
    fn add_rows(&self, hidden: &mut [f32], x: &[f32], masks: &[u64]) {
        let mut start = 0;
        while start + BLOCK <= self.hidden {
            let mut acc = [0.0f32; BLOCK];
            acc.copy_from_slice(&hidden[start..start + BLOCK]);
            self.add_row_slices(&mut acc, start, x, masks);
            hidden[start..start + BLOCK].copy_from_slice(&acc);
            start += BLOCK;
        }
        if start < self.hidden {
            self.add_row_slices(&mut hidden[start..], start, x, masks);
        }
    }

    /// Adds into `acc` the slices of the masked first-layer rows that begin at hidden unit
    /// `start` (inlined, a fixed-size `acc` stays in registers).
    #[inline(always)]
    fn add_row_slices(&self, acc: &mut [f32], start: usize, x: &[f32], masks: &[u64]) {
        let h = self.hidden;
        for_each_bit(masks, |i| {
            let row = &self.w1[i * h + start..i * h + start + acc.len()];
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += x[i] * w;
            }
        });
    }

    /// The first layer's plain product over every input, for inputs too many for
    /// [`Network::add_rows`]'s masks.
    fn add_rows_dense(&self, hidden: &mut [f32], x: &[f32]) {
        let h = self.hidden;
        for (i, &value) in x.iter().enumerate() {
            if value != 0.0 {
                let row = &self.w1[i * h..(i + 1) * h];
                for (acc, &w) in hidden.iter_mut().zip(row) {
                    *acc += value * w;
                }
            }
        }
    }

    /// The second layer's `K` (= [`Network::outputs`]) weighted sums of `hidden`, each
    /// in hidden-unit order, computed side by side so that they do not wait on each other.
    #[inline(always)]
    fn output_sums<const K: usize>(&self, hidden: &[f32]) -> [f32; MAX_OUTPUTS] {
        let h = self.hidden;
        let mut dots = [0.0f32; K];
        for (j, &a) in hidden.iter().enumerate() {
            for (k, dot) in dots.iter_mut().enumerate() {
                *dot += self.w2[k * h + j] * a;
            }
        }
        let mut all = [0.0f32; MAX_OUTPUTS];
        all[..K].copy_from_slice(&dots);
        all
    }

    /// The cross-entropy of the outputs for `x` against `target` (each in `[0, 1]`, one
    /// per output).
    #[cfg(test)]
    pub fn loss(&self, x: &[f32], target: &[f32]) -> f32 {
        let out = self.evaluate_all(x);
        out[..self.outputs]
            .iter()
            .zip(target)
            .map(|(&o, &t)| {
                let o = o.clamp(1e-7, 1.0 - 1e-7);
                -(t * o.ln() + (1.0 - t) * (1.0 - o).ln())
            })
            .sum()
    }

    /// Adds the gradient of [`Network::loss`] at `x` into `gradient`, and returns the
    /// outputs.
    #[cfg(test)]
    pub fn accumulate_gradient(
        &self,
        x: &[f32],
        target: &[f32],
        gradient: &mut Gradient,
    ) -> [f32; MAX_OUTPUTS] {
        let h = self.hidden;
        let mut hidden = [0.0f32; MAX_HIDDEN];
        let hidden = &mut hidden[..h];
        let out = self.forward(x, hidden);
        // For a sigmoid output under cross-entropy the derivative at the pre-activation
        // is simply output minus target.
        let mut delta_out = [0.0f32; MAX_OUTPUTS];
        for (k, &t) in target.iter().enumerate().take(self.outputs) {
            delta_out[k] = out[k] - t;
        }
        let mut delta_hidden = [0.0f32; MAX_HIDDEN];
        let delta_hidden = &mut delta_hidden[..h];
        for (k, &delta) in delta_out.iter().enumerate().take(self.outputs) {
            gradient.b2[k] += delta;
            let row = &self.w2[k * h..(k + 1) * h];
            let grad_row = &mut gradient.w2[k * h..(k + 1) * h];
            for j in 0..h {
                grad_row[j] += delta * hidden[j];
                delta_hidden[j] += delta * row[j];
            }
        }
        for j in 0..h {
            delta_hidden[j] *= hidden[j] * (1.0 - hidden[j]);
            gradient.b1[j] += delta_hidden[j];
        }
        for (i, &value) in x.iter().enumerate().take(self.inputs) {
            if value != 0.0 {
                let grad_row = &mut gradient.w1[i * h..(i + 1) * h];
                for (g, &d) in grad_row.iter_mut().zip(delta_hidden.iter()) {
                    *g += value * d;
                }
            }
        }
        out
    }

    /// One step of stochastic gradient descent on [`Network::loss`] at `x`: the same as
    /// [`Network::accumulate_gradient`] into a zero gradient followed by
    /// [`Network::descend`], but touching only the first-layer rows of non-zero inputs.
    /// Returns the outputs before the step.
    pub fn learn(&mut self, x: &[f32], target: &[f32], rate: f32) -> [f32; MAX_OUTPUTS] {
        let h = self.hidden;
        let mut hidden = [0.0f32; MAX_HIDDEN];
        let hidden = &mut hidden[..h];
        let out = self.forward(x, hidden);
        let mut delta_hidden = [0.0f32; MAX_HIDDEN];
        let delta_hidden = &mut delta_hidden[..h];
        for (k, &t) in target.iter().enumerate().take(self.outputs) {
            let delta = out[k] - t;
            self.b2[k] -= rate * delta;
            let row = &mut self.w2[k * h..(k + 1) * h];
            for j in 0..h {
                delta_hidden[j] += delta * row[j];
                row[j] -= rate * delta * hidden[j];
            }
        }
        for j in 0..h {
            delta_hidden[j] *= hidden[j] * (1.0 - hidden[j]);
            self.b1[j] -= rate * delta_hidden[j];
        }
        for (i, &value) in x.iter().enumerate().take(self.inputs) {
            if value != 0.0 {
                let row = &mut self.w1[i * h..(i + 1) * h];
                for (w, &d) in row.iter_mut().zip(delta_hidden.iter()) {
                    *w -= rate * value * d;
                }
            }
        }
        out
    }

    /// Sets this network to the mean of `networks` (all of the same shape), added in
    /// the order given.
    pub fn average_of(&mut self, networks: &[Network]) {
        let Some(first) = networks.first() else {
            return;
        };
        self.clone_from(first);
        let scale = 1.0 / networks.len() as f32;
        for other in &networks[1..] {
            let theirs = [&other.w1, &other.b1, &other.w2, &other.b2];
            for (mine, theirs) in self.layers_mut().into_iter().zip(theirs) {
                for (a, b) in mine.iter_mut().zip(theirs.iter()) {
                    *a += b;
                }
            }
        }
        for part in self.layers_mut() {
            for w in part.iter_mut() {
                *w *= scale;
            }
        }
    }

    fn layers_mut(&mut self) -> [&mut Vec<f32>; 4] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2]
    }

    /// Moves every weight by `-rate` times its gradient.
    #[cfg(test)]
    pub fn descend(&mut self, gradient: &Gradient, rate: f32) {
        let mine = [
            &mut self.w1[..],
            &mut self.b1[..],
            &mut self.w2[..],
            &mut self.b2[..],
        ];
        each_pair(mine, gradient, |w, g| *w -= rate * g);
    }

    /// This network with `hidden` hidden units (more than it has, at most
    /// [`MAX_HIDDEN`]), valuing every position exactly as before: the new units get small
    /// first-layer weights drawn from `seed` and zero weights to the outputs, so training
    /// can put them to use from where this network stands. Fewer or as many units
    /// return it unchanged.
    pub fn widened(&self, hidden: usize, seed: u64) -> Network {
        let hidden = hidden.min(MAX_HIDDEN);
        if hidden <= self.hidden {
            return self.clone();
        }
        let fresh = Network::random_with_outputs(self.inputs, hidden - self.hidden, self.outputs, seed);
        let (old, new) = (self.hidden, fresh.hidden);
        let mut w1 = Vec::with_capacity(self.inputs * hidden);
        for i in 0..self.inputs {
            w1.extend_from_slice(&self.w1[i * old..(i + 1) * old]);
            w1.extend_from_slice(&fresh.w1[i * new..(i + 1) * new]);
        }
        let mut b1 = self.b1.clone();
        b1.resize(hidden, 0.0);
        let mut w2 = Vec::with_capacity(self.outputs * hidden);
        for o in 0..self.outputs {
            w2.extend_from_slice(&self.w2[o * old..(o + 1) * old]);
            w2.extend(std::iter::repeat_n(0.0, new));
        }
        Network {
            inputs: self.inputs,
            hidden,
            outputs: self.outputs,
            w1,
            b1,
            w2,
            b2: self.b2.clone(),
        }
    }

    /// This network reading `inputs` inputs (more than it has), the new ones appended
    /// after the old with zero weights, so it values every position exactly as before
    /// until training gives them weight. Fewer or as many return it unchanged.
    pub fn with_inputs(&self, inputs: usize) -> Network {
        let mut network = self.clone();
        if inputs > self.inputs {
            network.w1.resize(inputs * self.hidden, 0.0);
            network.inputs = inputs;
        }
        network
    }

    /// True if every weight is a finite number.
    pub fn is_finite(&self) -> bool {
        self.parts().iter().all(|part| part.iter().all(|w| w.is_finite()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_input(inputs: usize) -> Vec<f32> {
        (0..inputs)
            .map(|i| match i % 5 {
                0 => 1.0,
                1 => 0.0,
                2 => 0.25,
                3 => 0.0,
                _ => 2.0,
            })
            .collect()
    }

    /// A random network (drawn from `seed`) of 17 inputs and 6 hidden units, and an input
    /// for it.
    fn sample_network(seed: u64) -> (Network, Vec<f32>) {
        (Network::random(17, 6, seed), sample_input(17))
    }

    /// The gradient of `net`'s loss at input `x` with `target`.
    fn gradient_at(net: &Network, x: &[f32], target: &[f32]) -> Gradient {
        let mut gradient = net.zero_gradient();
        net.accumulate_gradient(x, target, &mut gradient);
        gradient
    }

    #[test]
    fn a_widened_network_values_every_position_as_before_and_can_learn_with_its_new_units() {
        // Given a trained-looking network and the same network with more hidden units,
        let net = Network::random_with_outputs(23, 6, 3, 5);
        let wide = net.widened(10, 9);
        assert_eq!(wide.hidden(), 10);
        // then both give the same outputs for any input,
        for k in 0..20 {
            let x: Vec<f32> = (0..23).map(|i| ((i * 7 + k * 3) % 5) as f32 / 4.0).collect();
            let (a, b) = (net.evaluate_all(&x), wide.evaluate_all(&x));
            for o in 0..3 {
                assert!((a[o] - b[o]).abs() < 1e-6, "{a:?} vs {b:?}");
            }
        }
        // and a learning step moves the new units' output weights off zero.
        let mut learner = wide.clone();
        let x: Vec<f32> = (0..23).map(|i| (i % 2) as f32).collect();
        learner.learn(&x, &[1.0, 0.0, 1.0], 0.5);
        assert!(learner.w2[6..10].iter().any(|&w| w != 0.0));
        assert_eq!(net.widened(4, 1), net);
    }

    #[test]
    fn a_network_given_more_inputs_ignores_them_until_it_learns() {
        // Given a network and the same network reading five more inputs,
        let net = Network::random_with_outputs(12, 6, 2, 4);
        let more = net.with_inputs(17);
        assert_eq!(more.inputs(), 17);
        // then whatever the new inputs hold, it values the old ones as before, bit for bit,
        for k in 0..10 {
            let x: Vec<f32> = (0..17).map(|i| ((i * 5 + k) % 3) as f32 / 2.0).collect();
            assert_eq!(net.evaluate_all(&x[..12]), more.evaluate_all(&x));
        }
        // and a learning step gives the new inputs weight.
        let mut learner = more.clone();
        learner.learn(&[1.0; 17], &[1.0, 0.0], 0.5);
        assert!(learner.w1[12 * 6..].iter().any(|&w| w != 0.0));
        assert_eq!(net.with_inputs(12), net);
    }

    /// Every analytic derivative agrees with a central finite difference of the loss.
    #[test]
    fn gradient_matches_finite_differences() {
        let (net, x) = sample_network(3);
        let target = [0.9, 0.3, 0.05, 0.2, 0.0];
        let gradient = gradient_at(&net, &x, &target);
        let analytic = [
            gradient.w1.clone(),
            gradient.b1.clone(),
            gradient.w2.clone(),
            gradient.b2.to_vec(),
        ];
        let eps = 1e-2f32;
        let mut checked = 0;
        for (part, grads) in analytic.iter().enumerate() {
            for (index, &g) in grads.iter().enumerate() {
                let nudge = |delta: f32| {
                    let mut n = net.clone();
                    match part {
                        0 => n.w1[index] += delta,
                        1 => n.b1[index] += delta,
                        2 => n.w2[index] += delta,
                        _ => n.b2[index] += delta,
                    }
                    f64::from(n.loss(&x, &target))
                };
                let numeric = (nudge(eps) - nudge(-eps)) / (2.0 * f64::from(eps));
                let error = (numeric - f64::from(g)).abs();
                assert!(
                    error < 2e-3 + 1e-2 * numeric.abs(),
                    "part {part} index {index}: analytic {g}, numeric {numeric}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 17 * 6 + 6 + 5 * 6 + 5);
    }

    #[test]
    fn descending_lowers_the_loss() {
        let (mut net, x) = sample_network(4);
        let target = [1.0, 0.0, 0.0, 0.5, 0.0];
        let before = net.loss(&x, &target);
        let gradient = gradient_at(&net, &x, &target);
        net.descend(&gradient, 0.1);
        assert!(net.loss(&x, &target) < before);
    }

    #[test]
    fn a_learning_step_is_a_gradient_step() {
        let (net, x) = sample_network(6);
        let target = [0.7, 0.1, 0.0, 0.3, 0.1];
        let gradient = gradient_at(&net, &x, &target);
        let mut by_gradient = net.clone();
        by_gradient.descend(&gradient, 0.05);
        let mut by_step = net.clone();
        by_step.learn(&x, &target, 0.05);
        for (a, b) in by_gradient.parts().iter().zip(by_step.parts()) {
            for (x, y) in a.iter().zip(b.iter()) {
                assert!((x - y).abs() < 1e-6);
            }
        }
    }

    #[test]
    fn averaging_two_networks() {
        let a = Network::random(5, 3, 1);
        let b = Network::random(5, 3, 2);
        let mut mean = Network::random(5, 3, 3);
        mean.average_of(&[a.clone(), b.clone()]);
        assert!((mean.w1[4] - (a.w1[4] + b.w1[4]) / 2.0).abs() < 1e-7);
        assert!((mean.w2[2] - (a.w2[2] + b.w2[2]) / 2.0).abs() < 1e-7);
    }

    #[test]
    fn zero_inputs_are_skipped_exactly() {
        let net = Network::random(8, 4, 5);
        let dense = [0.0, 1.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0];
        let out = net.evaluate(&dense);
        // By hand: hidden = sigmoid(b1 + w1[1] + 0.5 * w1[4]).
        let mut hidden = [0.0f32; 4];
        for (j, unit) in hidden.iter_mut().enumerate() {
            *unit = sigmoid(net.b1[j] + net.w1[4 + j] + 0.5 * net.w1[16 + j]);
        }
        for (k, &o) in out.iter().enumerate() {
            let z: f32 = net.b2[k] + (0..4).map(|j| net.w2[k * 4 + j] * hidden[j]).sum::<f32>();
            assert!((o - sigmoid(z)).abs() < 1e-6);
        }
    }

    /// The plain textbook product, summing in the order `forward` promises to keep.
    fn textbook(net: &Network, x: &[f32]) -> Vec<f32> {
        let h = net.hidden;
        let hidden: Vec<f32> = (0..h)
            .map(|j| {
                let mut z = net.b1[j];
                for (i, &v) in x.iter().enumerate() {
                    if v != 0.0 {
                        z += v * net.w1[i * h + j];
                    }
                }
                sigmoid(z)
            })
            .collect();
        (0..net.outputs)
            .map(|k| {
                let mut dot = 0.0f32;
                for (j, &a) in hidden.iter().enumerate() {
                    dot += net.w2[k * h + j] * a;
                }
                sigmoid(net.b2[k] + dot)
            })
            .collect()
    }

    #[test]
    fn the_fast_forward_pass_is_bit_identical_to_the_textbook_product() {
        let mut rng = SeededDice::new(11);
        // Hidden sizes on and off the register block, inputs over several scan chunks
        // (and too many for the masks), every output count, sparse and dense inputs.
        for (hidden, inputs, outputs) in [
            (80, 209, 5),
            (128, 209, 5),
            (37, 150, 3),
            (16, 480, 6),
            (5, 7, 8),
            (128, 64, 1),
            (20, 1100, 2),
        ] {
            let mut net = Network::random_with_outputs(inputs, hidden, outputs, hidden as u64);
            for b in net.b1.iter_mut().chain(net.b2.iter_mut()) {
                *b = rng.below(1000) as f32 / 700.0 - 0.7;
            }
            for density in [3, 10, 60, 100] {
                let x: Vec<f32> = (0..inputs)
                    .map(|_| {
                        if rng.below(100) < density {
                            rng.below(9) as f32 / 4.0
                        } else {
                            0.0
                        }
                    })
                    .collect();
                let fast = net.evaluate_all(&x);
                let slow = textbook(&net, &x);
                for (k, got) in fast.iter().enumerate() {
                    let expected = slow.get(k).copied().unwrap_or(0.0);
                    assert_eq!(
                        got.to_bits(),
                        expected.to_bits(),
                        "hidden {hidden}, output {k}, density {density}"
                    );
                }
            }
        }
    }
}
