//! The growing arrays of the states kept ([`super::States`]): on the heap, or in a file
//! of a directory the search is given, mapped into memory, so that the operating
//! system writes the pages of the older depths out (a file's pages need no swap) and
//! reads one back when it is looked at. The states of the older depths are looked at
//! only when a new state's key meets theirs in the index or when a tiling's chain is
//! rebuilt, so a search keeps in memory mainly its index and its last depths.

use std::fs::File;
use std::io;
use std::ops::Deref;
use std::path::Path;

/// The numbers an [`Arena`] holds: plain bytes and words, any bit pattern a value.
pub(super) trait Plain: Copy + Default + 'static {}
impl Plain for u8 {}
impl Plain for u32 {}

/// A growable array of `T`, on the heap or in a mapped file (read as a slice).
pub(super) enum Arena<T: Plain> {
    Heap(Vec<T>),
    Mapped {
        /// The file, removed from its directory once made (it goes with the search).
        file: File,
        map: memmap2::MmapMut,
        /// Items held (the file holds room for more).
        len: usize,
    },
}

impl<T: Plain> Arena<T> {
    /// An empty array in a new file of `dir` (made and at once removed from it: the
    /// file lives as long as the array), or on the heap without a directory.
    ///
    /// Errors: the directory's, when the file cannot be made.
    pub(super) fn new(dir: Option<&Path>) -> io::Result<Arena<T>> {
        let Some(dir) = dir else { return Ok(Arena::Heap(Vec::new())) };
        let path = dir.join(format!(".gridlock-states-{}-{}", std::process::id(), next_file()));
        let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path)?;
        std::fs::remove_file(&path)?;
        let map = Self::map(&file, PAGE)?;
        Ok(Arena::Mapped { file, map, len: 0 })
    }

    /// `file` grown to `bytes`, its blocks allocated (so that a full disk is an error
    /// here, not a fault when a page of the mapping is first written), and mapped.
    fn map(file: &File, bytes: usize) -> io::Result<memmap2::MmapMut> {
        let had = file.metadata()?.len();
        if (bytes as u64) > had {
            allocate(file, had, bytes as u64 - had)?;
        }
        file.set_len(bytes as u64)?;
        // Safety: the file is this array's alone (made new and removed from its
        // directory), so nothing else changes it while it is mapped.
        unsafe { memmap2::MmapMut::map_mut(file) }
    }

    /// The array moved into a new file of `dir` when it is on the heap and there is one
    /// (left as it is otherwise).
    ///
    /// Errors: as [`Arena::new`] and [`Arena::grow`].
    pub(super) fn move_to(&mut self, dir: Option<&Path>) -> io::Result<()> {
        if let (Arena::Heap(items), Some(_)) = (&*self, dir) {
            let mut filed = Arena::new(dir)?;
            filed.extend_from_slice(items)?;
            *self = filed;
        }
        Ok(())
    }

    /// Room for `more` items past the length, growing a large array by a quarter rather
    /// than doubling it (an array of a wide search runs to gigabytes).
    ///
    /// Errors: the file's, when a mapped file cannot grow (the disk full).
    pub(super) fn grow(&mut self, more: usize) -> io::Result<()> {
        match self {
            Arena::Heap(v) => {
                if v.len() + more > v.capacity() {
                    v.reserve_exact(more.max(v.capacity() / 4).max(1024));
                }
            }
            Arena::Mapped { file, map, len } => {
                let size = std::mem::size_of::<T>();
                let capacity = map.len() / size;
                if *len + more > capacity {
                    let bytes = ((*len + more).max(capacity + capacity / 4) * size).div_ceil(PAGE) * PAGE;
                    *map = Self::map(file, bytes)?;
                }
            }
        }
        Ok(())
    }

    /// Errors: as [`Arena::grow`] (none after room was made for the item).
    pub(super) fn push(&mut self, item: T) -> io::Result<()> {
        self.extend_from_slice(&[item])
    }

    /// Errors: as [`Arena::grow`] (none after room was made for the items).
    pub(super) fn extend_from_slice(&mut self, items: &[T]) -> io::Result<()> {
        match self {
            Arena::Heap(v) => v.extend_from_slice(items),
            Arena::Mapped { .. } => {
                self.grow(items.len())?;
                let Arena::Mapped { map, len, .. } = self else { unreachable!() };
                let slots = slice_mut::<T>(map);
                slots[*len..*len + items.len()].copy_from_slice(items);
                *len += items.len();
            }
        }
        Ok(())
    }
}

impl<T: Plain> Deref for Arena<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Arena::Heap(v) => v,
            Arena::Mapped { map, len, .. } => &slice::<T>(map)[..*len],
        }
    }
}

/// Allocates the blocks of `len` bytes of `file` from `offset` (`posix_fallocate`).
///
/// Errors: the system's (`ENOSPC` when the disk is full); where the file system cannot
/// allocate ahead (`EOPNOTSUPP`, `EINVAL`), none: the file is grown sparse.
#[cfg(unix)]
fn allocate(file: &File, offset: u64, len: u64) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    let (Ok(offset), Ok(len)) = (libc::off_t::try_from(offset), libc::off_t::try_from(len)) else {
        return Err(io::Error::from(io::ErrorKind::FileTooLarge));
    };
    // Safety: a plain system call on an open file's descriptor.
    match unsafe { libc::posix_fallocate(file.as_raw_fd(), offset, len) } {
        0 | libc::EOPNOTSUPP | libc::EINVAL => Ok(()),
        code => Err(io::Error::from_raw_os_error(code)),
    }
}

#[cfg(not(unix))]
fn allocate(_: &File, _: u64, _: u64) -> io::Result<()> {
    Ok(())
}

/// The bytes a mapped file grows by at the least (and its sizes' unit).
const PAGE: usize = 1 << 16;

/// A number for each file made, so that two arrays of one process never share a name.
fn next_file() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The mapped bytes as items (a mapping starts on a page, so it is aligned for `T`).
fn slice<T: Plain>(bytes: &[u8]) -> &[T] {
    let size = std::mem::size_of::<T>();
    assert_eq!(bytes.as_ptr() as usize % std::mem::align_of::<T>(), 0);
    // Safety: aligned (checked), within the mapping, and every bit pattern is a `T`.
    unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<T>(), bytes.len() / size) }
}

fn slice_mut<T: Plain>(bytes: &mut [u8]) -> &mut [T] {
    let size = std::mem::size_of::<T>();
    assert_eq!(bytes.as_ptr() as usize % std::mem::align_of::<T>(), 0);
    // Safety: as for `slice`, with the mapping borrowed mutably.
    unsafe { std::slice::from_raw_parts_mut(bytes.as_mut_ptr().cast::<T>(), bytes.len() / size) }
}

#[cfg(test)]
mod tests {
    use super::Arena;

    /// A mapped array holds what a vector holds, across its growth, and leaves no file
    /// in its directory.
    #[test]
    fn a_mapped_array_is_a_vector() {
        let dir = tempfile::tempdir().unwrap();
        let mut mapped: Arena<u32> = Arena::new(Some(dir.path())).unwrap();
        let mut heap: Arena<u32> = Arena::new(None).unwrap();
        for i in 0..200_000u32 {
            let v = i.wrapping_mul(2_654_435_761);
            if i % 3 == 0 {
                mapped.grow(7).unwrap();
                heap.grow(7).unwrap();
            }
            mapped.push(v).unwrap();
            heap.push(v).unwrap();
        }
        mapped.extend_from_slice(&[1, 2, 3]).unwrap();
        heap.extend_from_slice(&[1, 2, 3]).unwrap();
        assert_eq!(&mapped[..], &heap[..]);
        assert_eq!(mapped.len(), 200_003);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        let mut bytes: Arena<u8> = Arena::Heap(vec![5; 100_000]);
        bytes.move_to(Some(dir.path())).unwrap();
        assert!(matches!(bytes, Arena::Mapped { .. }) && bytes.iter().all(|&b| b == 5) && bytes.len() == 100_000);
    }
}
