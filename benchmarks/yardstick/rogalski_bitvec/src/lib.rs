//! The calls of the `bitvec` crate that M. Rogalski's octal program makes, over packed u64
//! words, most significant bit first (`Msb0`), for a build without a crates registry.
use std::marker::PhantomData;
use std::ops::Index;

pub struct Msb0;

pub struct BitVec<T = u64, O = Msb0> {
    words: Vec<u64>,
    len: usize,
    _kind: PhantomData<(T, O)>,
}

impl<T, O> Clone for BitVec<T, O> {
    fn clone(&self) -> Self {
        Self { words: self.words.clone(), len: self.len, _kind: PhantomData }
    }
}

static TRUE: bool = true;
static FALSE: bool = false;

impl<T, O> BitVec<T, O> {
    pub fn zeros(len: usize) -> Self {
        Self { words: vec![0; (len + 63) / 64], len, _kind: PhantomData }
    }
    #[inline]
    pub fn set(&mut self, i: usize, value: bool) {
        assert!(i < self.len, "index {} out of range {}", i, self.len);
        let bit = 1u64 << (63 - (i % 64));
        if value { self.words[i / 64] |= bit } else { self.words[i / 64] &= !bit }
    }
    #[inline]
    pub fn get_bit(&self, i: usize) -> bool {
        assert!(i < self.len, "index {} out of range {}", i, self.len);
        self.words[i / 64] >> (63 - (i % 64)) & 1 == 1
    }
    pub fn set_elements(&mut self, element: u64) {
        for w in self.words.iter_mut() { *w = element }
    }
    pub fn len(&self) -> usize { self.len }
    /// The first index whose bit is 0, as `bitvec`'s `first_zero`.
    pub fn first_zero(&self) -> Option<usize> {
        for (k, w) in self.words.iter().enumerate() {
            if *w != u64::MAX {
                let i = k * 64 + (!*w).leading_zeros() as usize;
                return if i < self.len { Some(i) } else { None };
            }
        }
        None
    }
    pub fn count_zeros(&self) -> usize {
        let ones: usize = self.words.iter().map(|w| w.count_ones() as usize).sum();
        // the bits past len in the last word are kept 0
        self.words.len() * 64 - ones - (self.words.len() * 64 - self.len)
    }
    /// The first `len` bits, as `bits[0..len].to_owned()`.
    pub fn prefix(&self, len: usize) -> Self {
        let mut out = Self::zeros(len);
        for i in 0..len { if self.get_bit(i) { out.set(i, true) } }
        out
    }
}

impl<T, O> Index<usize> for BitVec<T, O> {
    type Output = bool;
    fn index(&self, i: usize) -> &bool { if self.get_bit(i) { &TRUE } else { &FALSE } }
}

#[macro_export]
macro_rules! bitvec {
    ($t:ty, $o:ty; 0; $len:expr) => { $crate::BitVec::<$t, $o>::zeros($len) };
}

pub mod prelude {
    pub use crate::{bitvec, BitVec, Msb0};
}
